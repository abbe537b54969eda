import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { buildRunDetail, foldRun } from '../shared/run/build-run-detail';
import { headOfDetail, headOfFolded } from '../shared/run/run-head';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { readRunIn } from './support/fixture-run-log';

// The worker sends a run's head straight from the fold, before the step rows, harness previews
// and timeline exist; the head cut from the whole detail (loopctl runs, time travel) must be the
// same, for every little-workflow fixture run and at a cut inside each.
const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));

describe('the head cut from the fold equals the head cut from the detail', () => {
  it('covers the fixture runs', () => {
    expect(runs.length).toBeGreaterThan(20);
  });
  for (const row of runs) {
    it(`${row.group}: ${row.shows}`, () => {
      const { events, facts } = readRunIn(join(EXAMPLES, row.dataDir), row.runId);
      const last = events.at(-1)?.sequence ?? 0;
      for (const upto of [undefined, Math.max(1, Math.floor(last / 2))]) {
        const input = { events, facts, table: BUNDLED_PRICE_TABLE, upto };
        expect(headOfFolded(foldRun(input), BUNDLED_PRICE_TABLE)).toEqual(headOfDetail(buildRunDetail(input)));
      }
    });
  }
});
