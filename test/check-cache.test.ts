import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { checkWholeRunKept, keptCheck } from '../src-main/engine/check-cache';
import { CheckpointStore } from '../src-main/engine/checkpoint-store';
import { checkpointsOver } from '../src-main/engine/fold-log';
import { foldBasis } from '../src-main/engine/resume-points';
import type { RunDetailContext } from '../src-main/engine/run-stages';
import { loadLibrary } from '../src-main/library/load-library';
import { createRunDetailPool } from '../src-main/workers/run-detail-pool';
import { checkRunAsync, withArtifactFindings } from '../src-main/sources/little-workflow/run-check';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { changeableRun } from './support/changeable-run';
import { scratchRoot } from './support/scratch';
import Database from 'better-sqlite3';
import { writeLargeRun } from '../scripts/generate-fixtures';
import { SLICE } from '../src-main/sources/little-workflow/in-slices';

// The whole log's integrity check is kept beside the run's checkpoints (check-cache.ts) and
// answered again only while the database is the very same; its artifacts are checked every time.
const table = BUNDLED_PRICE_TABLE;

function withReader<T>(dir: string, use: (reader: Parameters<typeof checkRunAsync>[0]) => T): T {
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    return use(reader.value);
  } finally {
    reader.value.close();
  }
}

async function fresh(dir: string, runId: string) {
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    return await checkRunAsync(reader.value, runId);
  } finally {
    reader.value.close();
  }
}
// The kept findings as a reopening shows them: the kept check, its artifacts checked now.
const keptNow = (dir: string, runId: string, cache: string) =>
  withReader(dir, (reader) => {
    const kept = keptCheck(reader, runId, table, checkpointsOver(new CheckpointStore({ dir: cache })));
    return kept === null ? null : withArtifactFindings(kept, dir, runId);
  });
const checkKept = (dir: string, runId: string, cache: string) => checkWholeRunKept(dir, runId, table, checkpointsOver(new CheckpointStore({ dir: cache })));

describe('the kept integrity check of a whole run', () => {
  it('is answered again from the cache folder (a new process) and equals a fresh check', async () => {
    const run = changeableRun('li-check-cache-log-');
    const cache = scratchRoot('li-check-cache-');
    expect(keptNow(run.dir, run.runId, cache)).toBeNull();
    const first = await checkKept(run.dir, run.runId, cache);
    expect(first).toEqual(await fresh(run.dir, run.runId));
    expect(keptNow(run.dir, run.runId, cache)).toEqual(first);
    expect(await checkKept(run.dir, run.runId, cache)).toEqual(first);
  });

  it('is not answered once a payload is edited in place with its keys unchanged (which the checkpoints trust): the fresh check finds it', async () => {
    const run = changeableRun('li-check-cache-log-');
    const cache = scratchRoot('li-check-cache-');
    expect(await checkKept(run.dir, run.runId, cache)).toEqual([]);
    // Same run, sequence and eventId: only the stored payload differs, so the eventId no longer hashes it.
    run.edit("UPDATE events SET payload = json_set(payload, '$.tampered', 1) WHERE run_id = ? AND sequence = 2", run.runId);
    expect(keptNow(run.dir, run.runId, cache)).toBeNull();
    const again = await checkKept(run.dir, run.runId, cache);
    expect((again ?? []).map((f) => f.code)).toContain('event-id-mismatch');
    expect(again).toEqual(await fresh(run.dir, run.runId));
  });

  it('checks the artifacts the log names again on every use', async () => {
    const run = changeableRun('li-check-cache-log-');
    const cache = scratchRoot('li-check-cache-');
    // The run names artifacts (else this test could not fail).
    const refs = withReader(run.dir, (reader) => [...reader.readEvents(run.runId)].filter((read) => read.ok && JSON.stringify(read.event.payload).includes('artifact://')).length);
    expect(refs).toBeGreaterThan(0);
    expect(await checkKept(run.dir, run.runId, cache)).toEqual([]);
    const artifacts = join(run.dir, 'artifacts');
    for (const name of readdirSync(artifacts, { recursive: true, withFileTypes: true })) {
      if (name.isFile()) writeFileSync(join(name.parentPath, name.name), 'not what was written');
    }
    const kept = keptNow(run.dir, run.runId, cache);
    expect(kept).not.toBeNull();
    expect(kept!.length).toBeGreaterThan(0);
    expect(kept).toEqual(await fresh(run.dir, run.runId));
    rmSync(artifacts, { recursive: true });
    expect(keptNow(run.dir, run.runId, cache)).toEqual(await fresh(run.dir, run.runId));
  });

  it('is not kept when the database changed while it read', async () => {
    // Longer than one slice of the read (in-slices.ts): `stop` is asked between slices, and the database changes there.
    const dir = join(scratchRoot('li-check-cache-big-'), '.little-workflow');
    const runId = writeLargeRun(dir, { events: 3 * SLICE });
    const cache = scratchRoot('li-check-cache-');
    let edited = false;
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: cache }));
    const found = await checkWholeRunKept(dir, runId, table, checkpoints, () => {
      if (!edited) {
        const db = new Database(join(dir, 'events', 'events.db'), { fileMustExist: true });
        // Another run's row: this run's findings are the same, but the database is not the one whose state was read.
        db.prepare("INSERT INTO events SELECT 'run_other', sequence, event_id || 'x', type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? AND sequence = 1").run(runId);
        db.close();
      }
      edited = true;
      return false;
    });
    expect(edited).toBe(true);
    expect(found).toEqual(await fresh(dir, runId));
    // Nothing written (a kept check of the state before would be refused on use anyway: the state moved on).
    const noteOf = () => withReader(dir, (reader) => checkpoints.store.getNote(foldBasis(reader, runId, 'detail', table, checkpoints.digests.every)!.key, 'check'));
    expect(noteOf()).toBeNull();
    // Unchanged while it read: kept.
    await checkWholeRunKept(dir, runId, table, checkpoints);
    expect(noteOf()).not.toBeNull();
    expect(keptNow(dir, runId, cache)).toEqual(found);
  });

  it('is not kept of a live database (a -wal beside it), whose readers may share an older view', async () => {
    const run = changeableRun('li-check-cache-log-');
    const cache = scratchRoot('li-check-cache-');
    const writer = new Database(join(run.dir, 'events', 'events.db'), { fileMustExist: true });
    try {
      writer.pragma('journal_mode = WAL');
      writer.prepare("INSERT INTO events SELECT 'run_other', sequence, event_id || 'x', type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? AND sequence = 1").run(run.runId);
      expect(existsSync(join(run.dir, 'events', 'events.db-wal'))).toBe(true);
      expect(await checkKept(run.dir, run.runId, cache)).toEqual(await fresh(run.dir, run.runId));
      expect(keptNow(run.dir, run.runId, cache)).toBeNull();
    } finally {
      writer.close();
    }
  });
});

// Issue 33: a reopened 200,000-event run showed its findings 4-6 s after its overview, checked
// again after the lists were folded from the checkpoint. Kept, they are sent before the lists.
describe('a reopened run in the worker', () => {
  it('sends its kept findings before its lists, equal to the first open', async () => {
    const dir = join(scratchRoot('li-check-kept-worker-'), '.little-workflow');
    const runId = writeLargeRun(dir, { events: 3 * SLICE });
    const cacheDir = scratchRoot('li-check-kept-worker-cache-');
    const library = loadLibrary(dir, table);
    if (!library.ok) throw new Error(library.error.message);
    const context: RunDetailContext = { summary: library.value.runs.find((r) => r.runId === runId)!, siblings: library.value.runs, table, cacheDir };
    const open = async () => {
      const pool = createRunDetailPool({ useWorker: true });
      try {
        const built = await pool.detail(dir, runId, context);
        if (!built.ok) throw new Error(built.error.message);
        const order: string[] = [];
        if (built.value.findings === undefined) throw new Error('no findings stage');
        const [findings] = await Promise.all([built.value.findings.then((f) => (order.push('findings'), f)), built.value.lists.then(() => order.push('lists'))]);
        return { order, findings };
      } finally {
        await pool.close();
      }
    };
    const first = await open();
    expect(first.order).toEqual(['lists', 'findings']);
    const again = await open();
    expect(again.order).toEqual(['findings', 'lists']);
    expect(again.findings).toEqual(first.findings);
  }, 60_000);
});
