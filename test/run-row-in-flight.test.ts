import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { boundaryInFlightCalls } from '../shared/fold/crash/in-flight-calls';
import { buildRunDetail } from '../shared/run/build-run-detail';
import { loadLibrary } from '../src-main/library/load-library';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { readRunIn } from './support/fixture-run-log';

// Issue 34, "unknown stays unknown": the run list's row counts the calls in flight the crash
// boundary counts for the header and the overview, for finished runs too (a run that failed on a
// model call's timeout read "$0.00" in the list while its header said "cost unknown").
const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));

describe("the run list row's calls in flight are the crash boundary's", () => {
  it('covers a finished run that ends inside a model call', () => {
    const timeout = runs.find((r) => r.shows.startsWith('failed timeout'))!;
    const library = loadLibrary(join(EXAMPLES, timeout.dataDir), BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const row = library.value.runs.find((r) => r.runId === timeout.runId)!;
    expect(row.status).toBe('failed');
    expect(row.inFlightCalls).toBe(1);
  });
  for (const row of runs) {
    it(`${row.group}: ${row.shows}`, () => {
      const { summary, events, facts } = readRunIn(join(EXAMPLES, row.dataDir), row.runId);
      const detail = buildRunDetail({ events, facts, table: BUNDLED_PRICE_TABLE });
      expect(summary.inFlightCalls ?? 0).toBe(boundaryInFlightCalls(detail));
    });
  }
});
