/**
 * Everything still open at the end of a run's log (format notes §5, "what a crash looks
 * like"): the run, running step attempts, open sessions, model and tool calls without a
 * terminal, open execute_step spans, parallel branches and groups, and a pending outer-loop
 * cycle. Items superseded by a resume later in the log are not in flight any more.
 */
import type { HarnessView } from '../harness/harness-types';
import type { MaterializedRunState, MaterializedStepState } from '../run-state-types';
import type { InferredRunStatus, InFlightItem } from './crash-types';
import type { LogFacts } from './log-facts';
import { stepList } from '../step-list';

/** Outer-loop facts from the outer-loop manifest (the log does not carry them). */
export type OuterLoopFact = { pendingCycleRunId?: string; outerLoopId?: string };

/** List the in-flight items of a run, grouped by kind in the order above (`steps`: the state's steps, when the caller already listed them). */
export function collectInFlight(
  state: MaterializedRunState,
  view: HarnessView,
  facts: LogFacts,
  inferred: InferredRunStatus | undefined,
  outerLoop: OuterLoopFact = {},
  steps: readonly MaterializedStepState[] = stepList(state),
): InFlightItem[] {
  const items: InFlightItem[] = [];
  const status = inferred?.status ?? state.status;
  const hasEvents = facts.lastEvent !== undefined;
  if (hasEvents && (status === 'running' || status === 'pending')) {
    items.push({ kind: 'run', sequence: facts.runStartedSequence ?? facts.firstSequence, status });
  }
  for (const step of steps) {
    const last = step.attempts[step.attempts.length - 1];
    if (step.status === 'running' && last?.status === 'running') {
      items.push({ kind: 'step-attempt', stepPath: step.stepPath, attemptId: last.attemptId, sequence: facts.attemptStartedSequence.get(step.stepPath) });
    }
  }
  for (const session of view.sessions) {
    if (session.status === 'open' && session.supersededBySessionId === undefined) {
      items.push({ kind: 'session', sequence: session.startSequence, sessionId: session.id, role: session.role, stepPath: session.stepPath });
    }
  }
  for (const turn of view.modelTurns) {
    if (turn.status === 'in-flight') {
      items.push({ kind: 'model-call', sequence: turn.calledSequence, modelTurnId: turn.id, callId: turn.callId, turn: turn.turn, stepPath: turn.stepPath });
    }
  }
  for (const call of view.toolCalls) {
    if (call.status === 'in-flight') {
      items.push({
        kind: 'tool-call', sequence: call.startedSequence, toolCallId: call.id, callId: call.callId,
        toolName: call.toolName, args: call.args, stepPath: call.stepPath,
      });
    }
  }
  for (const span of view.executeSteps) {
    if (span.status === 'open' && span.supersededBySequence === undefined && span.closedBySessionEndSequence === undefined) {
      items.push({ kind: 'execute-step', sequence: span.startedSequence, executeStepId: span.id, stepPath: span.stepPath });
    }
  }
  for (const branch of facts.openBranches) items.push({ kind: 'parallel-branch', ...branch });
  for (const group of facts.openGroups) items.push({ kind: 'parallel-group', ...group });
  if (outerLoop.pendingCycleRunId !== undefined) {
    const isThisRun = outerLoop.pendingCycleRunId === state.runId;
    items.push({
      kind: 'outer-loop-cycle',
      pendingCycleRunId: outerLoop.pendingCycleRunId,
      outerLoopId: outerLoop.outerLoopId,
      isThisRun,
      sequence: isThisRun ? facts.runStartedSequence : undefined,
    });
  }
  return items;
}
