/**
 * The fleet index holds a live data dir open between its live updates (fleet/kept-live-dirs.ts), so
 * the thread that builds it keeps its private mirror and reads only new WAL frames per update.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { createIndexer } from '../src-main/workers/index-thread';
import { discoverFleet } from '../src-main/fleet/fleet-discovery';
import { KeptLiveDirs } from '../src-main/fleet/kept-live-dirs';
import { openEventDbCount, walMirrorOf } from '../src-main/sources/little-workflow/shared-event-db';
import { sampleRun, startWriter } from './support/store-test-fixtures';
import { newDataDir, scratchRoot } from './support/scratch';

afterEach(() => {
  vi.useRealTimers();
});

describe('live dirs held between index updates', () => {
  it('a live dir’s mirror outlives each update: one whole copy, then only the new frames', async () => {
    const dataDir = newDataDir('li-kept-');
    const writer = await startWriter(dataDir);
    const indexer = createIndexer(join(scratchRoot('li-kept-cache-'), 'index.sqlite'), 'in-process');
    try {
      await writer.append(sampleRun('run_kept'));
      const found = discoverFleet(dataDir);
      if (!found.ok) throw new Error(found.error.message);
      const live = { discovery: found.value, partial: true, table: BUNDLED_PRICE_TABLE, onlyRuns: new Map([[dataDir, new Set(['run_kept'])]]) };
      const dbPath = join(dataDir, 'events', 'events.db');
      await indexer.update(live, () => undefined);
      // Without the hold, the update was the last lease out and took the mirror with it.
      expect(walMirrorOf(dbPath)?.stats.fullCopies).toBe(1);
      for (let round = 0; round < 3; round += 1) {
        await writer.append([{ runId: 'run_kept', type: 'harness.model.responded', payload: { callId: `c${round}`, response: { text: `round ${round}` } } }]);
        await indexer.update(live, () => undefined);
      }
      expect(walMirrorOf(dbPath)?.stats).toMatchObject({ fullCopies: 1, deltas: 3 });
    } finally {
      indexer.close();
      await writer.closeCleanly();
    }
    // Closed: nothing held, no mirror left.
    expect(openEventDbCount()).toBe(0);
  }, 60_000);

  it('holds only a dir read through a mirror, and lets it go when no update came for a while', async () => {
    const dataDir = newDataDir('li-kept-idle-');
    const writer = await startWriter(dataDir);
    await writer.append(sampleRun('run_idle'));
    const kept = new KeptLiveDirs(1_000);
    try {
      vi.useFakeTimers();
      kept.keep(dataDir);
      expect(kept.paths()).toEqual([dataDir]);
      vi.advanceTimersByTime(800);
      kept.keep(dataDir);
      vi.advanceTimersByTime(800);
      expect(kept.paths()).toEqual([dataDir]);
      vi.advanceTimersByTime(300);
      expect(kept.paths()).toEqual([]);
      expect(openEventDbCount()).toBe(0);
    } finally {
      kept.close();
      vi.useRealTimers();
      await writer.closeCleanly();
    }
    // A closed log (no -wal) is read in place: nothing to hold.
    kept.keep(dataDir);
    expect(kept.paths()).toEqual([]);
  }, 60_000);
});
