import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { loadRunBoundaryAt, loadRunDetailAt } from '../src-main/library/run-detail-at';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';

// `plan` folds the crash boundary alone (no step rows, harness lists or timeline): it must be the
// boundary the run view's detail holds, for every little-workflow fixture run, now and as of a cut.
const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));
const now = new Date('2026-12-01T00:00:00Z');

describe("plan's boundary is the detail's", () => {
  for (const row of runs) {
    it(`${row.group}: ${row.shows}`, () => {
      const dir = join(EXAMPLES, row.dataDir);
      const whole = loadRunDetailAt(dir, row.runId, { table: BUNDLED_PRICE_TABLE, now });
      if (!whole.ok) throw new Error(whole.error.message);
      const last = whole.value.boundary?.lastEvent?.sequence ?? 1;
      for (const upto of [undefined, Math.max(1, Math.floor(last / 2))]) {
        const detail = loadRunDetailAt(dir, row.runId, { table: BUNDLED_PRICE_TABLE, now, upto });
        const boundary = loadRunBoundaryAt(dir, row.runId, { table: BUNDLED_PRICE_TABLE, now, upto });
        if (!detail.ok || !boundary.ok) throw new Error('read failed');
        expect(boundary.value).toEqual(detail.value.boundary);
      }
    });
  }
  it('answers run-not-found for a run the data dir does not hold', () => {
    const read = loadRunBoundaryAt(join(EXAMPLES, runs[0]!.dataDir), 'run_not_here', { table: BUNDLED_PRICE_TABLE, now });
    expect(read.ok ? null : read.error.code).toBe('run-not-found');
  });
});
