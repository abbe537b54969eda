// The scan's own read under node:sqlite (Electron's driver): the same findings as the log streamed row by row.
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { scanRunLog } from '../../library/scan-runs';
import type { RunSource } from '../run-source';
import { newDataDir, openWithNodeSqlite, ENGINE } from '../../../test/support/node-sqlite-test-support';
import { busyRun } from '../../../test/support/scan-busy-run';
import { writeClosedDataDir } from '../../../test/support/store-test-fixtures';

describe('the scan through the store\'s read (node:sqlite, Node 22 only)', () => {
  it('reads the log its own way and finds what the streamed scan finds', async () => {
    const dir = newDataDir();
    const log = busyRun('run_scan_node22');
    await writeClosedDataDir(dir, log.events.map((e) => ({ runId: e.runId, type: e.type, payload: e.payload, recordedAt: e.recordedAt })), ENGINE);
    const reader = openWithNodeSqlite(dir);
    try {
      const first: string[] = [];
      const source = {
        async *scanRead(_dir: string, runId: string, upto: number, types: readonly string[]) {
          for (const item of reader.readForScan!(runId, upto, types)) {
            first.push(Object.keys(item)[0]!);
            yield item;
          }
        },
        async *streamLog(_dir: string, runId: string, after = 0, needs = undefined) {
          yield* reader.readEvents(runId, after, undefined, needs);
        },
      } as unknown as RunSource;
      const options = { table: BUNDLED_PRICE_TABLE, now: new Date('2026-11-20T00:00:00Z') };
      const fast = await scanRunLog(source, dir, log.runId, options);
      expect(first[0]).toBe('times');
      expect(fast).toEqual(await scanRunLog({ ...source, scanRead: undefined }, dir, log.runId, options));
      expect(fast.ok && fast.value.findings.length).toBeGreaterThan(5);
    } finally {
      reader.close();
    }
  });
});
