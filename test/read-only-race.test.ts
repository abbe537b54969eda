/**
 * Reading a live data dir changes nothing, whatever the writer does meanwhile (issue 13 item 1):
 * a writer opening and closing every ~50 ms races the reader, and root reads sidecars owned by
 * another user. SQLite opens `-wal`/`-shm` O_RDWR|O_CREAT and, as root, fchown()s them: the
 * read recipe must never let it near them.
 */
import { chownSync, cpSync, existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { startRacingWriter } from './support/racing-writer';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';
import { runOperations } from './support/run-operations';

let root: string;
beforeAll(() => void (root = mkdtempSync(join(tmpdir(), 'li-readonly-race-'))));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function copyOf(dataDir: string, name: string): { dir: string; runId: string } {
  const run = manifestRows().find((r) => r.dataDir === dataDir)!;
  const dir = join(root, name);
  cpSync(join(EXAMPLES, dataDir), dir, { recursive: true });
  return { dir, runId: run.runId };
}

/** Files of `dir` this process holds open (Linux /proc), other than events.db itself. */
function sidecarFds(dir: string): string[] {
  const held: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(join('/proc/self/fd', fd));
      if (target.startsWith(dir) && !target.endsWith('/events.db')) held.push(target);
    } catch {
      // closed meanwhile
    }
  }
  return held;
}

const ownership = (s: Stats) => ({ uid: s.uid, gid: s.gid, mode: s.mode, ctimeMs: s.ctimeMs, size: s.size, mtimeMs: s.mtimeMs });
const ITERATIONS = 60;

describe('a writer racing the reader (opens and closes every ~50 ms)', () => {
  it('the reader never opens a sidecar, `runs` never says "No runs.", and nothing stays behind', async () => {
    const { dir, runId } = copyOf('fixtures/completed/.little-workflow', 'race');
    const before = hashTree(dir);
    const writer = await startRacingWriter(join(dir, 'events', 'events.db'));
    const held: string[] = [];
    const listings: string[] = [];
    try {
      for (let i = 0; i < ITERATIONS; i += 1) {
        const reader = openDataDir(dir);
        expect(reader.ok).toBe(true);
        if (!reader.ok) break;
        try {
          const listed = reader.value.listRuns();
          held.push(...sidecarFds(dir));
          expect(listed.ok && listed.value.runs.map((r) => r.runId)).toContain(runId);
          expect([...reader.value.readEvents(runId)].length).toBeGreaterThan(0);
          held.push(...sidecarFds(dir));
        } finally {
          reader.value.close();
        }
        const runs = await cli('runs', '--data-dir', dir);
        listings.push(runs.stdout);
        expect(runs.code, runs.stderr).toBe(0);
        // Yield a little so reads land in every phase of the writer's cycle.
        await new Promise((resolve) => setTimeout(resolve, (i * 7) % 40));
      }
    } finally {
      expect(await writer.stop()).toBeGreaterThan(0);
    }
    expect(held).toEqual([]);
    expect(listings.filter((text) => text.startsWith('No runs.'))).toEqual([]);
    // The writer closed cleanly last: its sidecars are gone and nothing of ours appeared.
    expect([existsSync(join(dir, 'events', 'events.db-wal')), existsSync(join(dir, 'events', 'events.db-shm'))]).toEqual([false, false]);
    expect(hashTree(dir)).toEqual(before);
  }, 120_000);
});

describe('root reading sidecars owned by another user', () => {
  it('changes no owner, mode or ctime of -wal and -shm (SQLite as root would fchown them)', async (context) => {
    if (process.getuid?.() !== 0) return context.skip();
    const { dir } = copyOf('fixtures/wal-killed/.little-workflow', 'foreign-owner');
    const files = ['events.db', 'events.db-wal', 'events.db-shm'].map((f) => join(dir, 'events', f));
    // The database belongs to one user, its sidecars to another (a writer under a different uid).
    chownSync(files[0], 4343, 4343);
    chownSync(files[1], 4242, 4242);
    chownSync(files[2], 4242, 4242);
    const before = files.map((f) => ownership(statSync(f)));
    const tree = hashTree(dir);
    const records = await runOperations(dir, { timeoutMs: 20_000 });
    expect(records.filter((r) => r.outcome.kind === 'crash' || r.outcome.kind === 'hang')).toEqual([]);
    expect(files.map((f) => ownership(statSync(f)))).toEqual(before);
    expect(hashTree(dir)).toEqual(tree);
  }, 120_000);
});
