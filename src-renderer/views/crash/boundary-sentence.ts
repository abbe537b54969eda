/**
 * The crash boundary in words: a label per in-flight item and the one-sentence summary the
 * overview shows ("stopped at #18 with a model call in flight in summarize; …"). Pure.
 */
import type { CrashBoundary, InFlightItem, ResumePlan } from '../../../shared/fold/crash/crash-types';
import type { LockInfo } from '../../../shared/run/run-detail-types';

/** A short human label for one in-flight item. */
export function inFlightLabel(item: InFlightItem): string {
  switch (item.kind) {
    case 'run':
      return `run has no terminal event (folded ${item.status})`;
    case 'step-attempt':
      return `step ${item.stepPath} ${item.attemptId} still running`;
    case 'session':
      return `${item.role ?? 'harness'} session ${item.sessionId}${item.stepPath ? ` for ${item.stepPath}` : ''} open`;
    case 'model-call':
      return `model call${item.turn !== undefined ? ` turn ${item.turn}` : ''}${item.stepPath ? ` in ${item.stepPath}` : ''} in flight`;
    case 'tool-call':
      return `tool ${item.toolName ?? '(unnamed)'}${item.stepPath ? ` in ${item.stepPath}` : ''} in flight`;
    case 'execute-step':
      return `execute_step${item.stepPath ? ` for ${item.stepPath}` : ''} open`;
    case 'parallel-branch':
      return `branch ${item.branchPath} of ${item.stepPath} without a terminal`;
    case 'parallel-group':
      return `parallel group ${item.stepPath} (attempt ${item.attempt}) without a terminal`;
    case 'outer-loop-cycle':
      return `outer-loop cycle ${item.isThisRun ? '(this run)' : item.pendingCycleRunId} pending`;
    default:
      return assertNever(item);
  }
}

// Most specific first: the one item that best answers "where did it stop?".
const SPECIFICITY: InFlightItem['kind'][] = [
  'model-call',
  'tool-call',
  'parallel-branch',
  'execute-step',
  'session',
  'step-attempt',
  'parallel-group',
  'outer-loop-cycle',
  'run',
];

/** The in-flight item that says most precisely where the run stopped. */
export function mostSpecificInFlight(items: InFlightItem[]): InFlightItem | undefined {
  for (const kind of SPECIFICITY) {
    const found = items.find((item) => item.kind === kind);
    if (found) return found;
  }
  return undefined;
}

/** "the lock owner (pid 123) is dead" and friends. */
export function lockPhrase(lock: LockInfo): string {
  const pid = lock.pid !== null ? ` (pid ${lock.pid})` : '';
  switch (lock.state) {
    case 'crashed':
      return `the lock owner${pid} is dead`;
    case 'running':
      return `the lock owner${pid} is alive`;
    case 'none':
      return 'no process holds the run lock';
    case 'unknown':
      return 'the run lock could not be read';
    default:
      return assertNever(lock.state);
  }
}

/**
 * What a resume does, in one clause ("skips 1 step, continues summarize, re-invokes 1 model
 * call"). `skipped`: how many steps it skips when the plan lists only the first of them.
 */
export function resumeClause(plan: ResumePlan, skipped = plan.stepsSkipped.length): string {
  const parts: string[] = [];
  if (skipped) parts.push(`skips ${plural(skipped, 'completed step')}`);
  if (plan.stepsResumed.length) parts.push(`continues ${plan.stepsResumed.map((s) => s.stepPath).join(', ')} without a new attempt`);
  const rerun = plan.stepsRerun.filter((s) => !s.blockedReason);
  if (rerun.length) parts.push(`runs ${plural(rerun.length, 'step')} again or for the first time`);
  if (plan.modelCallsReinvoked.length) parts.push(`re-invokes ${plural(plan.modelCallsReinvoked.length, 'model call')}`);
  if (plan.toolCallsReinvoked.length) parts.push(`re-invokes ${plural(plan.toolCallsReinvoked.length, 'tool call')}`);
  if (plan.subRunsFastForwarded.length) parts.push(`fast-forwards ${plural(plan.subRunsFastForwarded.length, 'sub-run')} from their recorded results`);
  if (plan.subRunsAdopted.length) parts.push(`adopts ${plural(plan.subRunsAdopted.length, 'sub-run')} that finished in their own logs`);
  if (plan.subRunsRedispatched.length) parts.push(`re-dispatches ${plural(plan.subRunsRedispatched.length, 'sub-run')} under the same ids`);
  if (plan.branches.length) parts.push(`finishes ${plural(plan.branches.length, 'parallel branch', 'parallel branches')}`);
  const blocked = plan.stepsRerun.filter((s) => s.blockedReason);
  if (blocked.length) parts.push(`cannot get past ${blocked.map((s) => s.stepPath).join(', ')}`);
  return parts.length ? parts.join(', ') : 'has nothing left to do but write the run terminal';
}

/** One sentence for a non-terminal run: where it stopped, who owned it, what a resume does (`skipped` as in {@link resumeClause}). */
export function describeBoundary(boundary: CrashBoundary, lock: LockInfo, skipped = boundary.resumePlan.stepsSkipped.length): string {
  const last = boundary.lastEvent;
  const where = last ? `Stopped at #${last.sequence} (${last.type})` : 'The log is empty';
  const item = mostSpecificInFlight(boundary.inFlight);
  const what = item && item.kind !== 'run' ? ` with ${inFlightLabel(item)}` : '';
  if (boundary.verdict.kind === 'running') {
    return `Probably still running: ${lockPhrase(lock)}; last event #${last?.sequence ?? '—'} (${last?.type ?? 'none'}).`;
  }
  return `${where}${what}; ${lockPhrase(lock)}. A resume of the same run id ${resumeClause(boundary.resumePlan, skipped)}.`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
