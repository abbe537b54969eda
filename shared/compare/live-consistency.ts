/**
 * The live observer's fold against a fresh replay. Both come from the one run accumulator
 * (shared/run/run-accumulator.ts): the observer adds rows as its tail pulls them, over many
 * ticks, resets and re-reads; the replay adds the log's rows once, in order. So the two differ
 * only when the tail read the log wrong (a row missed, folded twice, kept across a rewrite),
 * and every such difference shows in the state, its event count or the harness view.
 */
import type { EventEnvelope } from '../events/envelope';
import type { PriceTable } from '../pricing/price-table-types';
import { RunAccumulator } from '../run/run-accumulator';
import type { ConsistencyReport, Folded } from './consistency';
import { diffStates } from './state-diff';

/** A fresh accumulator's fold of `events`, in the shape a live capture has. */
export function replayFolded(runId: string, events: Iterable<EventEnvelope>, table: PriceTable): { folded: Folded; error: string | null } {
  const replay = RunAccumulator.create(runId, table, 'detail');
  for (const event of events) replay.add(event);
  const error = replay.strictError();
  return { folded: { state: replay.state(), harness: replay.harnessView() }, error: error === null || replay.count === 0 ? null : `${error.name}: ${error.message}` };
}

/** Compare the observer's capture `live` with a replay of `events` (the log up to the capture's last sequence). */
export function checkLiveConsistency(runId: string, events: readonly EventEnvelope[], live: Folded, table: PriceTable): ConsistencyReport {
  const replay = replayFolded(runId, events, table);
  const differences = diffStates(live, replay.folded);
  return {
    runId,
    events: events.length,
    batches: 1,
    equal: differences.length === 0,
    differences,
    // The replay's own refusal (`little report` would fail the same way); the live side's is `liveFoldError`.
    errors: replay.error === null ? [] : [{ side: 'full', message: replay.error }],
  };
}
