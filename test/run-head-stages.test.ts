import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { buildRunDetail, foldRun, type RunModelFacts } from '../shared/run/build-run-detail';
import { headOfDetail, headOfFolded } from '../shared/run/run-head';
import { loadLibrary } from '../src-main/library/load-library';
import { readRunModelFacts } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { readRunLog } from '../src-main/sources/little-workflow/run-check';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';

// The worker sends a run's head straight from the fold, before the step rows, harness previews
// and timeline exist; the head cut from the whole detail (loopctl runs, time travel) must be the
// same, for every little-workflow fixture run and at a cut inside each.
const NOW = new Date('2026-12-01T00:00:00Z');

const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));

describe('the head cut from the fold equals the head cut from the detail', () => {
  it('covers the fixture runs', () => {
    expect(runs.length).toBeGreaterThan(20);
  });
  for (const row of runs) {
    it(`${row.group}: ${row.shows}`, () => {
      const dir = join(EXAMPLES, row.dataDir);
      const library = loadLibrary(dir, BUNDLED_PRICE_TABLE);
      if (!library.ok) throw new Error(library.error.message);
      const summary = library.value.runs.find((r) => r.runId === row.runId)!;
      const reader = openDataDir(dir);
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        const log = readRunLog(reader.value, row.runId);
        const context = { summary, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE };
        const facts: RunModelFacts = { ...readRunModelFacts(reader.value, row.runId, context, log), now: NOW };
        const last = log.events.at(-1)?.sequence ?? 0;
        for (const upto of [undefined, Math.max(1, Math.floor(last / 2))]) {
          const input = { events: log.events, facts, table: BUNDLED_PRICE_TABLE, upto };
          expect(headOfFolded(foldRun(input), BUNDLED_PRICE_TABLE)).toEqual(headOfDetail(buildRunDetail(input)));
        }
      } finally {
        reader.value.close();
      }
    });
  }
});
