/** Fold a run even when little-workflow would refuse its log, saying why it would. */
import type { EventEnvelope } from '../events/envelope';
import { forkHolder, type CowScope } from '../fold/copy-on-write';
import { RunNotFoundError, sequenceMismatch } from '../fold/fold-errors';
import { checkEventShape, createRunState, foldOne } from '../fold/run-state';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';

/**
 * little-workflow refuses a log with a gap or a foreign run id; the inspector still shows
 * what the log says, folding the events in order, and says why `little report` would fail.
 */
export function foldTolerant(runId: string, events: EventEnvelope[], table: PriceTable): { state: MaterializedRunState; reportError: string | null } {
  const fold = createTolerantFold(runId);
  for (const event of events) addToTolerantFold(fold, event, table);
  return tolerantFoldResult(fold);
}

/** Why the strict fold failed: the error's name and message, as `little report` prints them. */
export type StrictFoldError = { name: string; message: string };

/**
 * `foldTolerant` one event at a time, as plain data (a structured clone of it is a checkpoint).
 *
 * The strict fold (`materializeRunState`) checks every event's shape before folding any, so a
 * gap anywhere wins over a payload that throws; here both are noted as they come and the
 * shape error wins at the end. The tolerant fold leaves out events whose payload is not an
 * object and ignores sequence numbers; until the first such event it equals the strict fold,
 * so one state serves both and a second is forked only then (never, in a sound log).
 */
export type TolerantFold = {
  runId: string;
  /** Every event folded, ignoring shapes (the strict state while `foldError` is null). */
  main: MaterializedRunState;
  /** Forked from `main` at the first event whose payload is not an object; null before. */
  tolerant: MaterializedRunState | null;
  shapeError: StrictFoldError | null;
  foldError: StrictFoldError | null;
  /** Events added, and those of them with an object payload. */
  count: number;
  objectCount: number;
  /** Sequence of the first event whose payload is `null` (replayRun's step order throws on it), or null. */
  firstNullPayload: number | null;
};

/** A fold of no events. */
export function createTolerantFold(runId: string): TolerantFold {
  return { runId, main: createRunState(runId), tolerant: null, shapeError: null, foldError: null, count: 0, objectCount: 0, firstNullPayload: null };
}

/** Add the next event of the log. */
export function addToTolerantFold(fold: TolerantFold, event: EventEnvelope, table: PriceTable): void {
  if (fold.shapeError === null) {
    try {
      checkEventShape(fold.runId, fold.count, event);
    } catch (error) {
      fold.shapeError = errorOf(error);
    }
  }
  fold.count += 1;
  const isObject = typeof event.payload === 'object' && event.payload !== null;
  if (isObject) fold.objectCount += 1;
  else fold.tolerant ??= cloneRunState(fold.main);
  if (event.payload === null) fold.firstNullPayload ??= event.sequence;
  if (fold.foldError === null) {
    try {
      foldOne(fold.main, event, table);
    } catch (error) {
      fold.foldError = errorOf(error);
    }
  }
  // State fields never depend on sequence numbers, so the tolerant fold needs no renumbering.
  if (fold.tolerant !== null && isObject) foldOne(fold.tolerant, event, table);
}

/**
 * Add the `count` events with sequences `first`, `first + 1`, ... that a reader left out: each a
 * JSON object payload of a type the fold does not read (FOLD_PAYLOAD_NEEDS), so adding them one
 * by one would only check their shape and count them; `foldOne` ignores them, in either state.
 * Consecutive sequences fit the shape check exactly when the first does.
 */
export function addLeftOutToTolerantFold(fold: TolerantFold, first: number, count: number): void {
  if (count <= 0) return;
  // checkEventShape's sequence rule; the reader stamped the run id the fold is of.
  if (fold.shapeError === null && first !== fold.count + 1) fold.shapeError = errorOf(sequenceMismatch(fold.runId, fold.count + 1, first));
  fold.count += count;
  fold.objectCount += count;
}

/** The strict fold's failure, or null when `little report` would accept the log. */
export function strictFoldError(fold: TolerantFold): StrictFoldError | null {
  if (fold.count === 0) return errorOf(new RunNotFoundError(fold.runId));
  return fold.shapeError ?? fold.foldError;
}

/** The state to show and why `little report` would refuse the log (null: it would not). */
export function tolerantFoldResult(fold: TolerantFold): { state: MaterializedRunState; reportError: string | null } {
  const error = strictFoldError(fold);
  if (error === null) return { state: { ...fold.main, eventCount: fold.count }, reportError: null };
  const state = fold.tolerant ?? fold.main;
  return { state: { ...state, eventCount: fold.objectCount }, reportError: `${error.name}: ${error.message}` };
}

function errorOf(error: unknown): StrictFoldError {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

/** A deep copy of a fold's state (a structured clone, with the steps map's null prototype put back). */
export function cloneRunState(state: MaterializedRunState): MaterializedRunState {
  return reviveRunState(structuredClone(state));
}

/** Put back what a structured clone of a state drops: the steps map has no prototype (a step path may be `__proto__`). */
export function reviveRunState(state: MaterializedRunState): MaterializedRunState {
  const steps = Object.create(null) as MaterializedRunState['steps'];
  for (const key of Object.keys(state.steps)) steps[key] = state.steps[key];
  state.steps = steps;
  return state;
}

/** The fold's fields as they are now, its states shared: a snapshot's part (never change it). */
export function freezeTolerantFold(fold: TolerantFold): TolerantFold {
  return { ...fold };
}

/** A fold continuing the snapshot part `frozen`, copying what it changes first (copy-on-write.ts). */
export function forkTolerantFold(frozen: TolerantFold, scope: CowScope): TolerantFold {
  // Each state's root is copied (same key order); its steps, artifacts and step objects are copied when first changed.
  const fork = (state: MaterializedRunState) => forkHolder(Object.prototype, state, scope);
  return { ...frozen, main: fork(frozen.main), tolerant: frozen.tolerant === null ? null : fork(frozen.tolerant) };
}
