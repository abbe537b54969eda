/**
 * The run-state fold: little-workflow's `materializeRunStateFromEvents` (run-state.ts
 * @2884677), made incremental so the live observer can apply one event at a time.
 *
 * `applyEvent` over a run's events, one by one, yields exactly what `materializeRunState`
 * yields for the whole array (values and key order). Payload fields are read with plain
 * property access where upstream does, so a `null` payload on a handled type throws the
 * same `TypeError`; callers that want diagnostics instead catch around the fold.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { priceModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { addPricedCall, emptyUsageTotals } from '../pricing/usage-totals';
import { RunNotFoundError, runIdMismatch, sequenceMismatch } from './fold-errors';
import { foldedEventType } from './folded-event-types';
import { applyRunOrStepEvent } from './apply-event-kind';
import { readModelCall } from './model-call';
import { ensureStep } from './step-updates';
import type { MaterializedRunState } from './run-state-types';

/** Fold options; the price table defaults to the bundled registry, as `little report`. */
export type FoldOptions = { priceTable: PriceTable };

/** A fresh state for `runId` with no events applied (status `pending`, `eventCount` 0). */
export function createRunState(runId: string): MaterializedRunState {
  // Same key order as upstream's initial literal; later keys are appended as events set them.
  return {
    runId,
    status: 'pending',
    usage: emptyUsageTotals(),
    steps: Object.create(null) as MaterializedRunState['steps'],
    artifacts: [],
    eventCount: 0,
  };
}

/**
 * Apply the next event of the run to `state` (mutated and returned).
 *
 * Enforces the same shape rule as the full fold, event by event: the event must carry the
 * state's runId and sequence `eventCount + 1`, else `RunStateEventMismatchError`.
 */
export function applyEvent(
  state: MaterializedRunState,
  event: EventEnvelope,
  options: FoldOptions,
): MaterializedRunState {
  checkEventShape(state.runId, state.eventCount, event);
  state.eventCount += 1;
  foldOne(state, event, options.priceTable);
  return state;
}

/** Apply several consecutive events; see `applyEvent`. */
export function applyEvents(
  state: MaterializedRunState,
  events: Iterable<EventEnvelope>,
  options: FoldOptions,
): MaterializedRunState {
  for (const event of events) applyEvent(state, event, options);
  return state;
}

/**
 * Fold a whole run: `RunNotFoundError` for an empty log (as world.ts `materializeRunState`),
 * then the shape check over every event before any is applied (so a sequence gap wins
 * over a bad payload, as upstream), then the fold.
 *
 * Unlike upstream the result is not deep-frozen: freezing would also freeze the caller's
 * payload objects (state shares `output`/`metadata`/`error` with them) and would stop the
 * live observer from continuing the state with `applyEvent`.
 */
export function materializeRunState(
  runId: string,
  events: readonly EventEnvelope[],
  options: FoldOptions,
): MaterializedRunState {
  if (events.length === 0) throw new RunNotFoundError(runId);
  validateEventLogShape(runId, events);
  const table = options.priceTable;
  const state = createRunState(runId);
  state.eventCount = events.length;
  for (const event of events) foldOne(state, event, table);
  return state;
}

/** Throw `RunStateEventMismatchError` unless every event has `runId` and sequence index+1. */
export function validateEventLogShape(runId: string, events: readonly EventEnvelope[]): void {
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    // Holes in a sparse array are skipped by upstream's check too.
    if (event === undefined) continue;
    checkEventShape(runId, index, event);
  }
}

/** Throw `RunStateEventMismatchError` unless `event` carries `runId` and sequence `index + 1`. */
export function checkEventShape(runId: string, index: number, event: EventEnvelope): void {
  if (event.runId !== runId) throw runIdMismatch(index, runId, event.runId);
  if (event.sequence !== index + 1) throw sequenceMismatch(runId, index + 1, event.sequence);
}

/**
 * Fold one event into `state` without the shape check and without counting it: the run
 * accumulator checks shapes itself (a later gap must still win over an earlier bad payload)
 * and counts what it folded. Throws like the full fold on a payload it cannot read.
 */
export function foldOne(state: MaterializedRunState, event: EventEnvelope, table: PriceTable): void {
  // `payload` is touched first, like upstream, so even a hole in a sparse array fails alike.
  const payload = event.payload;
  const kind = foldedEventType(normalizeHarnessEventType(event.type));
  if (kind === undefined) return;
  if (kind === 'ModelCallCompleted' || kind === 'harness.model.responded') {
    recordModelCall(state, readModelCall(kind, payload), table);
    return;
  }
  applyRunOrStepEvent(state, kind, event);
}

function recordModelCall(
  state: MaterializedRunState,
  call: ReturnType<typeof readModelCall>,
  table: PriceTable,
): void {
  if (call === undefined) return;
  const priced = priceModelCall(call.identity, call.usage, table);
  state.usage = addPricedCall(state.usage, priced);
  if (call.stepPath !== undefined) {
    const step = ensureStep(state, call.stepPath);
    step.usage = addPricedCall(step.usage, priced);
  }
}
