/**
 * The read path seen from the kernel (issue 30 item 1): under strace, while a writer opens and
 * closes the database every ~50 ms, and while a live writer commits and checkpoints with
 * TRUNCATE, a process reading the data dir over and over never opens a file of the data dir
 * with O_CREAT, O_RDWR, O_WRONLY or O_TRUNC, and never creates, removes, renames, truncates,
 * chowns, chmods or touches (utimensat) one. Skipped only where strace is not installed
 * (`.ci/run` installs it from Debian).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsxNodeArgs } from '../scripts/fixtures/scenarios/wal';
import { startRacingWriter } from './support/racing-writer';
import { hashTree, sampleRun, writeClosedDataDir } from './support/store-test-fixtures';
import { startScriptWriter } from './support/live-writer';

const HOLDER = fileURLToPath(new URL('./support/private-copy-holder.ts', import.meta.url));
const STRACE = (() => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const CALLS = 'open,openat,creat,chown,fchown,fchownat,lchown,chmod,fchmod,fchmodat,utimensat,utimes,futimesat,unlink,unlinkat,rename,renameat,renameat2,truncate,ftruncate,link,linkat,symlink,symlinkat,mkdir,mkdirat,rmdir,pwrite64,write';

let root: string;
beforeAll(() => void (root = mkdtempSync(join(tmpdir(), 'li-strace-'))));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Run the reading child under strace; the trace's lines that name the data dir. */
async function tracedReads(dataDir: string, rounds: number): Promise<{ lines: string[]; stdout: string }> {
  const log = join(root, `trace-${Math.random().toString(36).slice(2)}.txt`);
  const tmp = mkdtempSync(join(root, 'tmp-'));
  const args = ['-f', '-y', '-qq', '-e', `trace=${CALLS}`, '-o', log, process.execPath, ...tsxNodeArgs(HOLDER, [dataDir, 'loop', String(rounds)])];
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn('strace', args, { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`traced reader exited ${code}: ${out}`))));
  });
  return { lines: readFileSync(log, 'utf8').split('\n').filter((line) => line.includes(dataDir)), stdout };
}

/** Trace lines that open a data-dir file for writing or creating, or change one. */
function changes(lines: string[]): string[] {
  return lines.filter((line) => {
    const call = /^(?:\[pid\s+\d+\]\s+)?(?:\d+\s+)?(\w+)\(/.exec(line)?.[1] ?? '';
    if (call === 'open' || call === 'openat') return /O_(?:CREAT|RDWR|WRONLY|TRUNC)/.test(line);
    return true;
  });
}

describe('strace: reading a racing live data dir opens nothing of it for writing and changes nothing', () => {
  it.skipIf(!STRACE)(`a writer opening and closing every ~50 ms (skipped where strace is absent: ${STRACE ? 'present' : 'absent'})`, async () => {
    const dir = join(root, 'race', '.little-workflow');
    await writeClosedDataDir(dir, [...sampleRun('run_a'), ...sampleRun('run_b')]);
    const before = hashTree(dir);
    const writer = await startRacingWriter(join(dir, 'events', 'events.db'));
    let traced;
    try {
      traced = await tracedReads(dir, 150);
    } finally {
      expect(await writer.stop()).toBeGreaterThan(3);
    }
    expect(traced.stdout).toContain('"done":true');
    // It did read the data dir (opened events.db and, while it existed, the -wal) ...
    expect(traced.lines.some((line) => line.includes('events.db'))).toBe(true);
    // ... and never for writing, creating, or to change a file.
    expect(changes(traced.lines)).toEqual([]);
    expect(hashTree(dir)).toEqual(before);
  }, 120_000);

  it.skipIf(!STRACE)(`a live writer committing and checkpointing with TRUNCATE (skipped where strace is absent: ${STRACE ? 'present' : 'absent'})`, async () => {
    const dir = join(root, 'live', '.little-workflow');
    const writer = await startScriptWriter(dir);
    try {
      await writer.append(sampleRun('run_a'));
      const reading = tracedReads(dir, 150);
      for (let i = 0; i < 20; i += 1) {
        await writer.append([{ runId: 'run_b', type: 'StepScheduled', payload: { stepPath: `s${i}` } }]);
        if (i % 5 === 4) await writer.checkpoint();
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const traced = await reading;
      expect(traced.stdout).toContain('"done":true');
      expect(traced.lines.some((line) => line.includes('events.db-wal'))).toBe(true);
      expect(changes(traced.lines)).toEqual([]);
    } finally {
      await writer.kill();
    }
  }, 120_000);
});
