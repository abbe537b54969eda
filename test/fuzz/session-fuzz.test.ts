/**
 * Fuzzing the little-harness session readers: seeded mutations of the generated sessions'
 * trace.ndjson and status.json (cut anywhere, bytes flipped, lines duplicated or swapped, a BOM,
 * bad UTF-8, nesting far too deep, a huge line, a symlinked trace or artifact) and every session
 * command on the result: no crash, no byte changed. FUZZ_CASES overrides the count.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../support/fixture-manifest';
import { OPERATIONS } from '../support/operations';
import { hashTree } from '../support/store-test-fixtures';
import { createRng, type Rng } from './prng';

const CASES = Number(process.env.FUZZ_CASES ?? 30);
const root = mkdtempSync(join(tmpdir(), 'li-session-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Mutation = (file: string, rng: Rng, outside: string) => void;

const bytesOf = (file: string) => readFileSync(file);
const MUTATIONS: Record<string, Mutation> = {
  cut: (f, rng) => writeFileSync(f, bytesOf(f).subarray(0, rng.int(0, bytesOf(f).length))),
  flip: (f, rng) => {
    const b = Buffer.from(bytesOf(f));
    for (let i = 0; i < rng.int(1, 8) && b.length > 0; i += 1) b[rng.int(0, b.length - 1)] = rng.int(0, 255);
    writeFileSync(f, b);
  },
  'duplicate or swap lines': (f, rng) => {
    const lines = bytesOf(f).toString('utf8').split('\n');
    const i = rng.int(0, lines.length - 1);
    const j = rng.int(0, lines.length - 1);
    if (rng.chance(0.5)) lines.splice(i, 0, lines[j]);
    else [lines[i], lines[j]] = [lines[j], lines[i]];
    writeFileSync(f, lines.join('\n'));
  },
  bom: (f) => writeFileSync(f, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytesOf(f)])),
  'bad utf-8': (f, rng) => writeFileSync(f, Buffer.concat([bytesOf(f), Buffer.from([0xc3, 0x28, 0xff, 0x0a].slice(0, rng.int(1, 4)))])),
  'too deep': (f) => writeFileSync(f, `${bytesOf(f).toString('utf8')}${'['.repeat(20_000)}${']'.repeat(20_000)}\n`),
  'huge line': (f) => writeFileSync(f, `${bytesOf(f).toString('utf8')}{"schemaVersion":"lh.trace.v2","x":"${'a'.repeat(3_000_000)}"}\n`),
  'symlink out': (f, _rng, outside) => {
    unlinkSync(f);
    symlinkSync(outside, f);
  },
  'not json status': (f) => writeFileSync(f, '{"id":'),
};

describe('fuzzing the session readers', () => {
  it(`${CASES} seeded cases: no crash, no write`, async () => {
    const op = OPERATIONS.find((o) => o.name.startsWith('cli sessions'));
    if (!op) throw new Error('the session commands operation is missing');
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not yours\n');
    const failures: string[] = [];
    for (let n = 0; n < CASES; n += 1) {
      const rng = createRng(`session-fuzz-${n}`);
      const dir = join(root, `case-${n}`);
      cpSync(join(EXAMPLES, 'fixtures', 'sessions'), dir, { recursive: true });
      const session = join(dir, '.little-harness', 'sessions', rng.pick(['sess_refactor', 'sess_failing', 'sess_crashed']));
      const names = [rng.pick(Object.keys(MUTATIONS)), rng.pick(Object.keys(MUTATIONS))];
      for (const name of names) {
        const target = name === 'not json status' ? join(session, 'status.json') : name === 'symlink out' && rng.chance(0.5) ? join(dir, '.little-harness', 'sessions', 'sess_refactor', 'artifacts', 'tool-results', 'bash', 'call_tests.txt') : join(session, 'trace.ndjson');
        try {
          MUTATIONS[name](target, rng, outside);
        } catch {
          // A mutation of a file an earlier one replaced by a link: the case runs with what is there.
        }
      }
      const before = hashTree(dir);
      const outcome = await op.run(async () => ({ kind: 'ok' }), { root: dir, dataDir: dir, runId: '' });
      if (outcome.kind === 'crash') failures.push(`case ${n} (${names.join(', ')}): ${outcome.message}`);
      if (JSON.stringify(hashTree(dir)) !== JSON.stringify(before)) failures.push(`case ${n} (${names.join(', ')}): bytes changed`);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
