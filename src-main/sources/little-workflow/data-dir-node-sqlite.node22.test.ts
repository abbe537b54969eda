// A data dir read with node:sqlite while another process writes it, plus every generated
// real-format fixture. Runs only under Node 22 (vitest.node22.config.mts); nothing here
// loads better-sqlite3: writers are node:sqlite child processes.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE, expectNoBetterSqlite3, newDataDir, openWithNodeSqlite as open, scratchRoot, seqs } from '../../../test/support/node-sqlite-test-support';
import { hashTree, startWriter, writeClosedDataDir } from '../../../test/support/store-test-fixtures';

describe('node:sqlite adapter: commits made after open (Node 22 only)', () => {
  it('WAL dir with a live writer: new rows appear without reopening, also past a checkpoint', async () => {
    const dir = newDataDir();
    const writer = await startWriter(dir, ENGINE);
    try {
      await writer.append([{ runId: 'run_live', type: 'RunStarted', payload: {} }]);
      const reader = open(dir);
      expect(reader.recipe).toBe('private-copy');
      expect(seqs(reader.readEvents('run_live'))).toEqual([1]);
      await writer.append([{ runId: 'run_live', type: 'StepScheduled', payload: {}, repeat: 3 }]);
      expect(seqs(reader.readEvents('run_live', 1))).toEqual([2, 3, 4]);
      await writer.append([{ runId: 'run_live', type: 'X', payload: { pad: 'y'.repeat(500) }, repeat: 3000 }]);
      const runs = reader.listRuns();
      expect(runs.ok && runs.value.runs[0].maxSequence).toBe(3004);
      await writer.kill();
      const before = hashTree(dir);
      expect(seqs(reader.readEvents('run_live', 3002))).toEqual([3003, 3004]);
      reader.close();
      expect(hashTree(dir)).toEqual(before);
    } finally {
      if (writer.child.exitCode === null && writer.child.signalCode === null) await writer.kill();
    }
  });

  it('snapshot switches to a live read once a writer reopens the database', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, [{ runId: 'run_live', type: 'RunStarted', payload: {} }], ENGINE);
    const reader = open(dir);
    expect(reader.recipe).toBe('snapshot');
    const writer = await startWriter(dir, ENGINE);
    try {
      await writer.append([{ runId: 'run_live', type: 'RunCompleted', payload: {} }]);
      expect(seqs(reader.readEvents('run_live'))).toEqual([1, 2]);
      expect(reader.recipe).toBe('private-copy');
      await writer.closeCleanly();
      const runs = reader.listRuns();
      expect(runs.ok && runs.value.runs[0]).toMatchObject({ status: 'completed', eventCount: 2 });
    } finally {
      reader.close();
      if (writer.child.exitCode === null) await writer.kill();
    }
  });

  it('streams lazily; an abandoned iterator does not block later reads or close', async () => {
    const dir = newDataDir();
    const writer = await startWriter(dir, ENGINE);
    await writer.append([{ runId: 'run_big', type: 'StepScheduled', payload: {}, repeat: 5000 }]);
    await writer.closeCleanly();
    const reader = open(dir);
    const iterator = reader.readEvents('run_big')[Symbol.iterator]();
    expect(iterator.next().value).toMatchObject({ ok: true, event: { sequence: 1 } });
    iterator.return?.(undefined);
    expect(seqs(reader.readEvents('run_big', 4998))).toEqual([4999, 5000]);
    expect(seqs(reader.readEvents('run_big')).length).toBe(5000);
    reader.close();
  });
});

describe('node:sqlite adapter over the generated real-format fixtures (Node 22 only)', () => {
  it('every manifest run lists and streams completely; the copied fixtures stay byte-identical', () => {
    const examples = join(import.meta.dirname, '..', '..', '..', 'examples', 'fixtures');
    const root = scratchRoot('li-node22-fixtures-');
    cpSync(examples, root, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(examples, 'manifest.json'), 'utf8')) as { runs: { dataDir: string; runId: string; group: string }[] };
    const rows = manifest.runs.filter((r) => r.dataDir.startsWith('fixtures/') && r.group !== 'loopctl'); // loopctl ledgers are not SQLite
    const before = hashTree(root);
    const recipes = new Set<string>();
    for (const dataDir of new Set(rows.map((r) => r.dataDir))) {
      const reader = open(join(root, dataDir.slice('fixtures/'.length)));
      recipes.add(String(reader.recipe));
      const runs = reader.listRuns();
      if (!runs.ok) throw new Error(runs.error.message);
      for (const { runId } of rows.filter((r) => r.dataDir === dataDir)) {
        const reads = [...reader.readEvents(runId)];
        expect(reads.filter((r) => !r.ok && r.sequence === null)).toEqual([]);
        expect(runs.value.runs.find((r) => r.runId === runId)?.eventCount).toBe(reads.length);
      }
      reader.close();
    }
    expect([...recipes].sort()).toEqual(['private-copy', 'snapshot']);
    expect(hashTree(root)).toEqual(before);
  });
  it('never loaded better-sqlite3 (its build targets Node 20)', () => expectNoBetterSqlite3());
});
