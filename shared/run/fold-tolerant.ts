/** Fold a run even when little-workflow would refuse its log, saying why it would. */
import type { EventEnvelope } from '../events/envelope';
import { applyEvents, createRunState, materializeRunState } from '../fold/run-state';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';

/**
 * little-workflow refuses a log with a gap or a foreign run id; the inspector still shows
 * what the log says, folding the events in order, and says why `little report` would fail.
 */
export function foldTolerant(runId: string, events: EventEnvelope[], table: PriceTable): { state: MaterializedRunState; reportError: string | null } {
  try {
    return { state: materializeRunState(runId, events, { priceTable: table }), reportError: null };
  } catch (error) {
    const reportError = `${(error as Error).name}: ${(error as Error).message}`;
    // Renumbered so the shape check passes; events whose payload is not an object (which make
    // the fold throw a TypeError) are left out. State fields never depend on sequence numbers.
    const usable = events.filter((e) => typeof e.payload === 'object' && e.payload !== null);
    const state = createRunState(runId);
    applyEvents(state, usable.map((event, index) => ({ ...event, runId, sequence: index + 1 })), { priceTable: table });
    return { state, reportError };
  }
}

