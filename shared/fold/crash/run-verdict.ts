/**
 * Run status inference and the run verdict.
 *
 * The orchestrated top run (`workflowVersionId: "orchestrated"`) never gets RunCompleted
 * or RunFailed: little-workflow returns "completed" in memory only. Orchestrator-mode
 * planner runs hold harness events only. For both, the session that did the work is the
 * best evidence of how the run ended.
 */
import { assertNever } from '../../assert-never';
import type { HarnessSession, HarnessView } from '../harness/harness-types';
import type { MaterializedRunState, RunStateStatus } from '../run-state-types';
import type { InferredRunStatus, LockOwnerFact, RunVerdict } from './crash-types';

/** workflowVersionId of the orchestrated top run. */
export const ORCHESTRATED_VERSION_ID = 'orchestrated';

function sessionStatus(session: HarnessSession): RunStateStatus {
  switch (session.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'open':
      return 'running';
    default:
      return assertNever(session.status, 'session status');
  }
}

/** Status inferred from harness sessions, for runs whose log can never carry a run terminal. */
export function inferRunStatus(
  state: MaterializedRunState,
  view: HarnessView,
  harnessOnly: boolean,
): InferredRunStatus | undefined {
  if (state.status === 'completed' || state.status === 'failed') return undefined;
  if (state.workflowVersionId === ORCHESTRATED_VERSION_ID) {
    const orchestrators = view.sessions.filter((s) => s.manifestKind === 'orchestrator' || s.role === 'orchestrator');
    const last = latestLive(orchestrators);
    if (last === undefined) return undefined;
    return { status: sessionStatus(last), basis: 'orchestrator-session', sessionId: last.id, sequence: last.endSequence ?? last.startSequence };
  }
  if (harnessOnly && view.sessions.length > 0) {
    const last = latestLive(view.sessions);
    if (last === undefined) return undefined;
    return { status: sessionStatus(last), basis: 'harness-session', sessionId: last.id, sequence: last.endSequence ?? last.startSequence };
  }
  return undefined;
}

// The last session that was not superseded by a resume carries the run's outcome.
function latestLive(sessions: readonly HarnessSession[]): HarnessSession | undefined {
  for (let i = sessions.length - 1; i >= 0; i -= 1) {
    if (sessions[i].supersededBySessionId === undefined) return sessions[i];
  }
  return sessions[sessions.length - 1];
}

/** Facts the verdict rests on. */
export type VerdictInput = {
  state: MaterializedRunState;
  inferred?: InferredRunStatus;
  inFlightCount: number;
  eventCount: number;
  lockOwner?: LockOwnerFact;
};

/** Decide completed / failed / running / crashed / pending, with the reason. */
export function runVerdict(input: VerdictInput): RunVerdict {
  const { inferred, lockOwner } = input;
  const status = inferred?.status ?? input.state.status;
  const basis = inferred === undefined ? 'run events' : `${inferred.basis} ${inferred.sessionId ?? ''}`.trim();
  const base = { inferred: inferred !== undefined, lockOwner };
  switch (status) {
    case 'completed':
      return { ...base, kind: 'completed', reason: `completed (from ${basis})` };
    case 'failed':
      return { ...base, kind: 'failed', reason: `failed (from ${basis})` };
    case 'running':
      return liveness(base, lockOwner, 'no terminal event', true, 'running');
    case 'pending':
      if (input.eventCount === 0) return { ...base, kind: 'pending', reason: 'no events' };
      // A compile-only log with nothing open is just not started yet; with open work it stopped.
      return liveness(base, lockOwner, 'no RunStarted yet', input.inFlightCount > 0, 'pending');
    default:
      return assertNever(status, 'run status');
  }
}

function liveness(
  base: { inferred: boolean; lockOwner?: LockOwnerFact },
  lockOwner: LockOwnerFact | undefined,
  what: string,
  hasOpenWork: boolean,
  unknownKind: 'running' | 'pending',
): RunVerdict {
  if (lockOwner === undefined) {
    return { ...base, kind: unknownKind, reason: `${what}; process liveness unknown (no lock fact)` };
  }
  switch (lockOwner) {
    case 'alive':
      return { ...base, kind: 'running', reason: `${what}; run lock owner is alive` };
    case 'dead':
      return { ...base, kind: 'crashed', reason: `${what}; run lock owner process is dead` };
    case 'none':
      // A process that ends normally writes a terminal event and releases its lock; no lock and
      // no terminal means the writer is gone without finishing.
      return hasOpenWork
        ? { ...base, kind: 'crashed', reason: `${what}; no run lock held, so no writer is alive` }
        : { ...base, kind: 'pending', reason: `${what}; nothing in flight and no run lock held` };
    default:
      return assertNever(lockOwner, 'lock owner fact');
  }
}
