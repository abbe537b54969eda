/**
 * The crash boundary of one run: where its log stops, what was in flight there, how the
 * run should be judged, and what resuming the same runId will do.
 */
import type { EventEnvelope } from '../../events/envelope';
import { buildHarnessView } from '../harness/harness-view';
import type { HarnessView } from '../harness/harness-types';
import type { MaterializedRunState, MaterializedStepState } from '../run-state-types';
import type { CrashBoundary, LockOwnerFact } from './crash-types';
import { collectInFlight } from './in-flight';
import { collectLogFacts, type LogFacts } from './log-facts';
import { buildResumePlan, type SubRunStatuses } from './resume-plan';
import { inferRunStatus, runVerdict } from './run-verdict';
import { stepList } from '../step-list';

/** Facts from outside the event log that sharpen the crash view. */
export type CrashBoundaryOptions = {
  /** From the outer-loop manifest: set while a cycle is running (or crashed mid-cycle). */
  pendingCycleRunId?: string;
  outerLoopId?: string;
  /** Status of each sub-run this run links to, by run id; unknown ids count as `missing`. */
  subRunStatuses?: SubRunStatuses;
  /** The run lock: owner pid alive, dead, or no lock dir; leave out when not known. */
  lockOwner?: LockOwnerFact;
  /** A harness view already built from the same events (saves a pass). */
  harnessView?: HarnessView;
};

/** Derive the crash boundary of a run from its events and folded state. */
export function crashBoundary(
  events: readonly EventEnvelope[],
  state: MaterializedRunState,
  options: CrashBoundaryOptions = {},
): CrashBoundary {
  const view = options.harnessView ?? buildHarnessView(events);
  return crashBoundaryOf({ facts: collectLogFacts(events), eventCount: events.length, state, view }, options);
}

/** What the boundary is derived from, gathered in one pass elsewhere (the run accumulator); `steps`: the state's steps when already listed. */
export type CrashBoundaryParts = { facts: LogFacts; eventCount: number; state: MaterializedRunState; view: HarnessView; steps?: readonly MaterializedStepState[] };

/** The crash boundary from parts already collected (`crashBoundary` collects them from an array). */
export function crashBoundaryOf({ facts, eventCount, state, view, steps = stepList(state) }: CrashBoundaryParts, options: CrashBoundaryOptions = {}): CrashBoundary {
  const inferredStatus = inferRunStatus(state, view, facts.harnessOnly);
  const outerLoop = { pendingCycleRunId: options.pendingCycleRunId, outerLoopId: options.outerLoopId };
  const inFlight = collectInFlight(state, view, facts, inferredStatus, outerLoop, steps);
  const verdict = runVerdict({
    state,
    inferred: inferredStatus,
    // The `run` item itself is not evidence of open work; everything else is.
    inFlightCount: inFlight.filter((item) => item.kind !== 'run').length,
    eventCount,
    lockOwner: options.lockOwner,
  });
  const resumePlan = buildResumePlan({ state, view, facts, inFlight, verdict, subRunStatuses: options.subRunStatuses, outerLoop, steps });
  return { runId: state.runId, lastEvent: facts.lastEvent, inFlight, inferredStatus, verdict, resumePlan };
}
