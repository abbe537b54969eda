/**
 * Hostile text on a real terminal (issue 13 item 6): step paths, folder names and price-table
 * strings made of terminal controls (seeded, replayable), printed by every command that shows
 * them with stdout and stderr on a pseudo-terminal (`script` from util-linux allocates it). The
 * terminal must receive no raw control character: not ESC/CSI/OSC, C1, BEL, BS, CR (beyond the
 * pty's own CRLF), DEL or a bidi override.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRun, writeClosedDataDir } from '../support/store-test-fixtures';
import { createRng } from './prng';

const repo = join(__dirname, '..', '..');
const tsx = join(repo, 'node_modules', '.bin', 'tsx');
const cliEntry = join(repo, 'src-main', 'cli', 'main.ts');
const SEED = 'little-inspector-pty-1';

/** Building blocks of hostile strings: each one drives or disguises a terminal when printed raw. */
const HOSTILE = ['\u001b]0;pwned\u0007', '\u001b[2J', '\u001b[31m', '\u009b1m', '\r', '\b\b\b', '\u0007', '\u007f', '\u202e', '\u2066', '\u001bP+q\u001b\\', '\n# forged line'];

function hostile(rng: ReturnType<typeof createRng>, base: string): string {
  let text = base;
  for (let i = rng.int(1, 3); i > 0; i -= 1) text += rng.pick(HOSTILE) + rng.pick(['x', 'step', '', 'ü']);
  return text;
}

function scriptAvailable(): boolean {
  try {
    execFileSync('script', ['-qfc', 'true', '/dev/null'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Run the CLI with stdout and stderr on a fresh pty; what the terminal received. */
function onPty(args: string[], timeoutSeconds = 20): string {
  const command = ['timeout', '-s', 'INT', String(timeoutSeconds), tsx, cliEntry, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('script', ['-qfc', command, '/dev/null'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: (timeoutSeconds + 20) * 1000 });
  return result.stdout ?? '';
}

/** Control characters the terminal received, beyond the pty's own CRLF line ends. */
function rawControls(received: string): string[] {
  const text = received.replace(/\r\n/g, '\n');
  return [...text.matchAll(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g)].map((m) => JSON.stringify(m[0]));
}

let root: string;
let dataDir: string;
let runId: string;
let tableFile: string;
const available = scriptAvailable();

beforeAll(async () => {
  if (!available) return;
  const rng = createRng(SEED);
  root = mkdtempSync(join(tmpdir(), 'li-pty-'));
  runId = 'run_pty';
  dataDir = join(root, 'good', '.little-workflow');
  const events = sampleRun(runId);
  const steps = Array.from({ length: 4 }, (_, i) => hostile(rng, `step_${i}`));
  events.splice(2, 0, ...steps.flatMap((stepPath) => [
    { runId, type: 'StepScheduled', payload: { stepPath, stepId: stepPath, uses: 'ai.generate' } },
    { runId, type: 'StepAttemptStarted', payload: { stepPath, attemptId: 'attempt_1' } },
  ]));
  await writeClosedDataDir(dataDir, events);
  // A folder whose name drives the terminal, holding an unreadable data dir (its name reaches diagnostics).
  const evil = join(root, hostile(rng, 'folder').replace(/[\n/]/g, '_'), '.little-workflow');
  mkdirSync(join(evil, 'events'), { recursive: true });
  writeFileSync(join(evil, 'events', 'events.db'), 'garbage '.repeat(100));
  // A bare price table named after a hostile file name, and one whose name and key try it too.
  tableFile = join(root, `${hostile(rng, 'table').replace(/[\n/]/g, '_')}.json`);
  writeFileSync(tableFile, JSON.stringify({ 'openai/gpt-4o-mini': { pricing: { input: 1, output: 2 } } }));
  writeFileSync(join(root, 'wrapped.json'), JSON.stringify({ format: 'little-inspector/price-table@1', id: 'x', name: hostile(rng, 'name'), entries: { [hostile(rng, 'a/b')]: { pricing: { input: 1, output: 1 } } } }));
}, 60_000);
afterAll(() => void (root && rmSync(root, { recursive: true, force: true })));

describe.skipIf(!available)('hostile strings on a pseudo-terminal (script -qfc)', () => {
  const cases: Array<[string, () => string[]]> = [
    ['tail --from-start (step paths)', () => ['tail', '--from-start', '--data-dir', dataDir]],
    ['report --table (step paths)', () => ['report', runId, '--table', '--data-dir', dataDir]],
    ['events (step paths, little-compatible bytes)', () => ['events', runId, '--data-dir', dataDir]],
    ['export --format md to stdout (step paths)', () => ['export', runId, '--format', 'md', '--data-dir', dataDir]],
    ['runs over the root (folder names in diagnostics)', () => ['runs', '--data-dir', root]],
    ['runs --price-table (a hostile table file name)', () => ['runs', '--data-dir', dataDir, '--price-table', tableFile]],
    ['pricing --price-table (hostile name and key)', () => ['pricing', '--price-table', join(root, 'wrapped.json')]],
  ];
  it.each(cases)('%s', (name, args) => {
    const received = onPty(args(), name.startsWith('tail') ? 4 : 20);
    expect(received.length, 'the command printed something').toBeGreaterThan(0);
    expect(rawControls(received)).toEqual([]);
  }, 60_000);
});
