/**
 * What re-running the same runId will do, derived from the log (format notes §5 and
 * runtime.ts `executeStep` / `isResumableRunningAttempt` @2884677):
 * completed steps are skipped; a running attempt whose earlier attempts all failed is
 * resumed without a new StepAttemptStarted; failed and pending steps run a new attempt
 * unless their error is terminal; in-flight model and tool calls are re-invoked with
 * their original callId (no new `called` / `started`). A sub-run whose call the parent recorded
 * (succeeded or failed) is fast-forwarded: the harness replays the recorded result or error
 * (workflow-harness.ts `findToolReplay`); one whose call is in flight is adopted when its own log
 * finished and re-dispatched under the same subRunId when not.
 */
import { assertNever } from '../../assert-never';
import type { HarnessView, ToolCallStatus } from '../harness/harness-types';
import { isObject, stringField } from '../payload-fields';
import type { MaterializedRunState, MaterializedStepState } from '../run-state-types';
import type {
  BranchResume, InFlightItem, RerunStep, ResumePlan, RunVerdict, SubRunAction, SubRunDecision, SubRunStatus,
} from './crash-types';
import type { OuterLoopFact } from './in-flight';
import type { LogFacts } from './log-facts';
import { stepList } from '../step-list';

/** Sub-run statuses the caller looked up, by run id. */
export type SubRunStatuses = ReadonlyMap<string, SubRunStatus> | Readonly<Record<string, SubRunStatus>>;

// causeCodes the runtime treats as terminal: a resume rethrows them instead of retrying.
const TERMINAL_CAUSES = new Set(['cancelled', 'timeout', 'capability_drift', 'runtime_config_error', 'step_schema_error', 'max_visits_exceeded']);

function lookupStatus(statuses: SubRunStatuses | undefined, runId: string): SubRunStatus {
  if (statuses === undefined) return 'missing';
  if (statuses instanceof Map) return statuses.get(runId) ?? 'missing';
  const record = statuses as Readonly<Record<string, SubRunStatus>>;
  return Object.hasOwn(record, runId) ? record[runId] : 'missing';
}

function planStep(step: MaterializedStepState): RerunStep | undefined {
  const last = step.attempts[step.attempts.length - 1];
  switch (step.status) {
    case 'completed':
      return undefined;
    case 'pending':
      return { stepPath: step.stepPath, status: 'pending', newAttempt: true };
    case 'running': {
      const earlierAllFailed = step.attempts.slice(0, -1).every((attempt) => attempt.status === 'failed');
      if (last?.status === 'running' && earlierAllFailed) return undefined;
      return {
        stepPath: step.stepPath, status: 'running', newAttempt: false,
        blockedReason: 'attempt history has a non-failed attempt besides the last: the runtime refuses to retry it',
      };
    }
    case 'failed': {
      const error = last?.error ?? step.error;
      const cause = stringField(error, 'causeCode');
      if (isObject(error) && error.retriable === false && cause !== undefined && TERMINAL_CAUSES.has(cause)) {
        return { stepPath: step.stepPath, status: 'failed', newAttempt: false, blockedReason: `terminal error (${cause}): the resume fails again` };
      }
      if (isObject(error) && error.retriable === false) {
        return { stepPath: step.stepPath, status: 'failed', newAttempt: false, blockedReason: 'not retriable: attempts are exhausted' };
      }
      return { stepPath: step.stepPath, status: 'failed', newAttempt: true };
    }
    default:
      return assertNever(step.status, 'step status');
  }
}

function branchExpectation(steps: readonly MaterializedStepState[], branchPath: string): BranchResume['expect'] {
  const prefix = `${branchPath}.`;
  let seen = false;
  for (const step of steps) {
    if (!step.stepPath.startsWith(prefix)) continue;
    seen = true;
    if (step.status !== 'completed') return 'resume-branch';
  }
  // All branch steps done but no terminal written: the resume appends ParallelBranchCompleted.
  return seen ? 'backfill-terminal' : 'resume-branch';
}

/** Inputs of the resume plan. */
export type ResumePlanInput = {
  state: MaterializedRunState;
  view: HarnessView;
  facts: LogFacts;
  inFlight: readonly InFlightItem[];
  verdict: RunVerdict;
  subRunStatuses?: SubRunStatuses;
  outerLoop?: OuterLoopFact;
  /** The state's steps, when the caller already listed them (step-list.ts). */
  steps?: readonly MaterializedStepState[];
};

/** A plan with no decision in it yet. */
export function emptyResumePlan(applicable: boolean): ResumePlan {
  return {
    applicable,
    stepsSkipped: [], stepsResumed: [], stepsRerun: [], modelCallsReinvoked: [], toolCallsReinvoked: [],
    subRunsFastForwarded: [], subRunsAdopted: [], subRunsRedispatched: [], branches: [], sessionsRestarted: [], notes: [],
  };
}

/** The seed's word for a sub-run: recorded call, finished child, or neither. */
export function subRunAction(callStatus: ToolCallStatus | undefined, status: SubRunStatus): SubRunAction {
  if (callStatus === 'succeeded' || callStatus === 'failed') return 'fast-forward';
  return status === 'completed' || status === 'failed' ? 'adopt' : 're-dispatch';
}

/** Build the resume plan. */
export function buildResumePlan(input: ResumePlanInput): ResumePlan {
  const { state, view, facts, inFlight, verdict } = input;
  const plan = emptyResumePlan(verdict.kind !== 'completed' && verdict.kind !== 'failed');
  // Listed once: every in-flight branch reads them again (branchExpectation).
  const steps = input.steps ?? stepList(state);
  for (const step of steps) {
    if (step.status === 'completed') {
      plan.stepsSkipped.push({ stepPath: step.stepPath, sequence: facts.stepCompletedSequence.get(step.stepPath) });
      continue;
    }
    const rerun = planStep(step);
    if (rerun !== undefined) plan.stepsRerun.push(rerun);
    else {
      const last = step.attempts[step.attempts.length - 1];
      plan.stepsResumed.push({ stepPath: step.stepPath, attemptId: last.attemptId, sequence: facts.attemptStartedSequence.get(step.stepPath) });
    }
  }
  for (const item of inFlight) {
    if (item.kind === 'model-call') {
      plan.modelCallsReinvoked.push({ modelTurnId: item.modelTurnId, callId: item.callId, turn: item.turn, stepPath: item.stepPath, sequence: item.sequence });
    } else if (item.kind === 'tool-call') {
      plan.toolCallsReinvoked.push({ toolCallId: item.toolCallId, callId: item.callId, toolName: item.toolName, args: item.args, stepPath: item.stepPath, sequence: item.sequence });
    } else if (item.kind === 'session') {
      plan.sessionsRestarted.push(item.sessionId);
    } else if (item.kind === 'parallel-branch') {
      plan.branches.push({ stepPath: item.stepPath, branchPath: item.branchPath, attempt: item.attempt, expect: branchExpectation(steps, item.branchPath), sequence: item.sequence });
    } else if (item.kind === 'execute-step') {
      plan.notes.push(`harness.execute_step.started is written again for ${item.stepPath ?? '(no step path)'}`);
    }
  }
  for (const link of view.subRuns) {
    const status = lookupStatus(input.subRunStatuses, link.runId);
    const call = link.toolCallId === undefined ? undefined : view.toolCalls[link.toolCallId];
    const action = subRunAction(call?.status, status);
    const decision: SubRunDecision = {
      runId: link.runId, status, action, toolCallId: link.toolCallId, callId: call?.callId, toolName: link.toolName, sequence: link.sequences[0],
    };
    if (action === 'fast-forward') plan.subRunsFastForwarded.push(decision);
    else if (action === 'adopt') plan.subRunsAdopted.push(decision);
    else plan.subRunsRedispatched.push(decision);
  }
  if (plan.sessionsRestarted.length > 0) plan.notes.push('each open session gets a new harness.session.started with the same manifest hash');
  if (input.outerLoop?.pendingCycleRunId !== undefined) {
    plan.notes.push(`outer loop reuses pendingCycleRunId ${input.outerLoop.pendingCycleRunId} as the cycle's runId`);
  }
  if (state.workflowVersionId === 'orchestrated') plan.notes.push('orchestrated top run: never gets RunCompleted; status inferred from the orchestrator session');
  if (state.status === 'pending' && facts.lastEvent !== undefined) plan.notes.push('no RunStarted yet: the run stopped while compiling/planning');
  return plan;
}
