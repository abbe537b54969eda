// Payload needs under node:sqlite (Electron's driver; its SQLite is not better-sqlite3's):
// a payload is left out only when JSON.parse reads it as an object (test/support/payload-needs-cases.ts),
// and a sparse fold (rows left out whole) answers and checkpoints like a fold of every row.
import { describe, expect, it } from 'vitest';
import { FOLD_PAYLOAD_NEEDS } from '../../../shared/fold/folded-event-types';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { CheckpointStore, priceTableHash } from '../../engine/checkpoint-store';
import { checkpointsOver, foldLog } from '../../engine/fold-log';
import { everyRowReader, foldView } from '../../../test/support/every-row-reader';
import { ENGINE, newDataDir, openWithNodeSqlite } from '../../../test/support/node-sqlite-test-support';
import { expectNeedsAgreeWithJsonParse, NEEDS_RUN, payloadNeedsRows } from '../../../test/support/payload-needs-cases';
import { writeClosedDataDir } from '../../../test/support/store-test-fixtures';

describe('payloads a consumer does not read (node:sqlite, Node 22 only)', () => {
  it('are left out only when JSON.parse would read an object, whatever the text', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, payloadNeedsRows(), ENGINE);
    const reader = openWithNodeSqlite(dir);
    try {
      expect(expectNeedsAgreeWithJsonParse(reader)).toBeGreaterThanOrEqual(10);
    } finally {
      reader.close();
    }
  });

  it('a sparse fold leaves them out whole and folds and checkpoints like a fold of every row', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, payloadNeedsRows(), ENGINE);
    const reader = openWithNodeSqlite(dir);
    const every = 4;
    try {
      const items = [...reader.readEventsSparse!(NEEDS_RUN, 0, undefined, FOLD_PAYLOAD_NEEDS)];
      const rows = items.filter((item) => !('mark' in item)).length;
      expect(items[0]).toMatchObject({ mark: 'proven', through: payloadNeedsRows().length });
      expect(rows).toBeLessThan(payloadNeedsRows().length - 10);
      const stores = [checkpointsOver(new CheckpointStore({ dir: null }), every), checkpointsOver(new CheckpointStore({ dir: null }), every)];
      const [sparse, whole] = [reader, everyRowReader(reader)].map((r, i) => foldLog({ reader: r, runId: NEEDS_RUN, table: BUNDLED_PRICE_TABLE, mode: 'fold', checkpoints: stores[i], leave: 'boundaries' }));
      expect(foldView(sparse)).toEqual(foldView(whole));
      const key = { dataDir: reader.path, runId: NEEDS_RUN, mode: 'fold' as const, tableHash: priceTableHash(BUNDLED_PRICE_TABLE), every };
      const sequences = stores[0].store.sequences(key, Infinity);
      // Without snapshots the boundaries at 1, 2, 4 … slices are stored (engine/leave-points.ts storesBoundary), and the tail.
      expect(sequences.length).toBeGreaterThanOrEqual(5);
      expect(stores[1].store.sequences(key, Infinity)).toEqual(sequences);
      for (const sequence of sequences) expect(stores[0].store.get(key, sequence)!.digest).toBe(stores[1].store.get(key, sequence)!.digest);
    } finally {
      reader.close();
    }
  });
});
