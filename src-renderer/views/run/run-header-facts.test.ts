/**
 * The header counts calls in flight where the run list row, the overview, the costs tab and the
 * exports do: the crash boundary's in-flight model calls, never the harness view's own count
 * (issue 34: one source for one fact). Runs are fixture runs looked up in the manifest.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { buildRunDetail } from '../../../shared/run/build-run-detail';
import { headOfDetail } from '../../../shared/run/run-head';
import type { RunHead } from '../../../shared/run/run-head-types';
import type { RunSummary } from '../../../shared/library';
import { formatCost } from '../../../shared/format/money';
import { readFixtureRun } from '../../../test/support/fixture-run-log';
import { headerFacts } from './run-header-facts';

/** The run's list row and its head as of `upto` (undefined: now), as the app builds them. */
function rowAndHead(text: string, upto?: number): { row: RunSummary; head: RunHead } {
  const { summary, events, facts } = readFixtureRun(text);
  const detail = buildRunDetail({ events, facts, table: BUNDLED_PRICE_TABLE, upto });
  return { row: summary, head: { ...headOfDetail(detail), ref: { ...detail.ref, at: upto } } as RunHead };
}

describe('the header counts the crash boundary\'s calls in flight', () => {
  it('as of #N: the boundary\'s count, whatever the harness view\'s own count says', () => {
    const { row, head } = rowAndHead('crashed model-call-in-flight');
    const last = row.lastSequence ?? 0;
    const { head: atEnd } = rowAndHead('crashed model-call-in-flight', last);
    expect(head.boundary?.inFlight.filter((i) => i.kind === 'model-call')).toHaveLength(1);
    // The two counts told apart: the harness view's says 0 here, the boundary's 1.
    const differing = { ...atEnd, harness: { ...atEnd.harness, counts: { ...atEnd.harness.counts, inFlightTurns: 0 } } };
    const facts = headerFacts(row, differing, last);
    expect(facts.asOf).toBe(last);
    expect(facts.cost.inFlightCalls).toBe(1);
    expect(formatCost(facts.cost)).toBe('cost unknown (1 call in flight)');
  });

  it('now: a run that failed on a model call\'s timeout has its call in flight in the header as in the overview', () => {
    const { row, head } = rowAndHead('failed timeout');
    // The list row counts the call in flight of a finished run too (test/run-row-in-flight.test.ts).
    expect(row.inFlightCalls).toBe(1);
    expect(head.harness.counts.inFlightTurns).toBe(1);
    const facts = headerFacts(row, head, undefined);
    expect(facts.asOf).toBeNull();
    expect(facts.cost.inFlightCalls).toBe(1);
    expect(formatCost(facts.cost)).toBe('cost unknown (1 call in flight)');
    // Before the head of now has come, the row answers, and says the same.
    expect(headerFacts(row, null, undefined).cost.inFlightCalls).toBe(1);
    expect(headerFacts({ ...row, inFlightCalls: 0 }, null, undefined).cost.inFlightCalls).toBe(0);
  });
});
