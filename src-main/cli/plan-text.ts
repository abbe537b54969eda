/** The human text of `little-inspector plan`: the crash boundary line by line. */
import type { CrashBoundary, InFlightItem } from '../../shared/fold/crash/crash-types';
import { terminalSafe } from './terminal-safe';

/** Lines saying where the log stops, the verdict, what was open and what a resume does. */
export function formatPlan(runId: string, upto: number | undefined, boundary: CrashBoundary): string {
  const { lastEvent, verdict, inFlight, resumePlan: plan } = boundary;
  const where = lastEvent === undefined ? 'no events' : `#${lastEvent.sequence} ${lastEvent.type} at ${lastEvent.recordedAt}`;
  const lines = [
    upto === undefined ? `run ${runId}: whole log, last event ${where}` : `run ${runId}: as if it had died after #${upto} (last event kept ${where})`,
    `verdict: ${verdict.kind} (${verdict.reason})`,
    `in flight:${inFlight.length === 0 ? ' nothing' : ''}`,
    ...inFlight.map((item) => `  ${inFlightText(item)}`),
  ];
  if (!plan.applicable) {
    lines.push(`resume: nothing to resume (the run ${verdict.kind})`);
    return text(lines);
  }
  lines.push('resume of the same run id:');
  const list = (label: string, items: string[]) => {
    if (items.length > 0) lines.push(`  ${label} (${items.length}): ${items.join(', ')}`);
  };
  list('skip', plan.stepsSkipped.map((s) => s.stepPath));
  list('resume attempt', plan.stepsResumed.map((s) => `${s.stepPath} (${s.attemptId})`));
  list('re-run', plan.stepsRerun.map((s) => `${s.stepPath} (${s.status}${s.newAttempt ? ', new attempt' : ''}${s.blockedReason ? `; blocked: ${s.blockedReason}` : ''})`));
  list('re-invoke model call', plan.modelCallsReinvoked.map((c) => `${c.callId ?? `turn ${c.turn ?? '?'}`}${c.stepPath ? ` in ${c.stepPath}` : ''}`));
  list('re-invoke tool call', plan.toolCallsReinvoked.map((c) => `${c.toolName ?? '(tool)'} ${c.callId ?? ''}${c.stepPath ? ` in ${c.stepPath}` : ''}`.trim()));
  list('fast-forward sub-run', plan.subRunsFastForwarded.map((s) => `${s.runId} (${s.status})`));
  list('adopt sub-run', plan.subRunsAdopted.map((s) => `${s.runId} (${s.status})`));
  list('re-dispatch sub-run', plan.subRunsRedispatched.map((s) => `${s.runId} (${s.status})`));
  list('parallel branch', plan.branches.map((b) => `${b.branchPath} (${b.expect})`));
  list('restart session', plan.sessionsRestarted.map(String));
  for (const note of plan.notes) lines.push(`  note: ${note}`);
  return text(lines);
}

function inFlightText(item: InFlightItem): string {
  const at = item.sequence === undefined ? '' : ` (#${item.sequence})`;
  switch (item.kind) {
    case 'run': return `run ${item.status}${at}`;
    case 'step-attempt': return `step ${item.stepPath} attempt ${item.attemptId}${at}`;
    case 'session': return `session ${item.sessionId}${item.role ? ` ${item.role}` : ''}${item.stepPath ? ` in ${item.stepPath}` : ''}${at}`;
    case 'model-call': return `model call ${item.callId ?? `turn ${item.turn ?? '?'}`}${item.stepPath ? ` in ${item.stepPath}` : ''}${at}`;
    case 'tool-call': return `tool call ${item.toolName ?? '(tool)'} ${item.callId ?? ''}${item.stepPath ? ` in ${item.stepPath}` : ''}${at}`;
    case 'execute-step': return `execute step ${item.stepPath ?? '(no step path)'}${at}`;
    case 'parallel-branch': return `parallel branch ${item.branchPath}${at}`;
    case 'parallel-group': return `parallel group ${item.stepPath} attempt ${item.attempt}${at}`;
    case 'outer-loop-cycle': return `outer-loop cycle ${item.pendingCycleRunId}${item.isThisRun ? ' (this run)' : ''}${at}`;
  }
}

// Every field comes from the log: one line each, no terminal controls.
function text(lines: string[]): string {
  return `${lines.map(terminalSafe).join('\n')}\n`;
}
