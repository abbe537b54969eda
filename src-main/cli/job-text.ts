/** The text form of `little-inspector job`: the tree, the totals, the resume story. */
import type { Job, JobUsage } from '../../shared/job/job-types';
import { runDisplayStatus } from '../../shared/status/display-status';
import { terminalSafe } from './terminal-safe';
import { formatCost } from '../../shared/format/money';

function tokens(usage: JobUsage): string {
  return `${usage.inputTokens} in (${usage.cachedInputTokens} cached) / ${usage.outputTokens} out / ${usage.reasoningTokens} reasoning`;
}

/** The job as lines a terminal shows (every id and label through terminalSafe: logs are data). */
export function formatJob(job: Job): string {
  const lines = [`job ${job.root} (${job.kind}), ${job.runs.length} run${job.runs.length === 1 ? '' : 's'}, ${job.total.crashed} crashed`];
  const actions = new Map(job.subRuns.map((s) => [s.runId, s.action]));
  for (const run of job.runs) {
    const status = runDisplayStatus(run);
    const action = actions.get(run.runId);
    const usage = run.reportError === null ? `${formatCost(run)}, ${tokens(run)}` : `report refused: ${run.reportError}`;
    lines.push(`${'  '.repeat(run.depth + 1)}${run.role} ${run.runId} ${status}${action === undefined ? '' : ` [${action}]`}: ${usage}`);
  }
  for (const missing of job.subRuns.filter((s) => !job.runs.some((run) => run.runId === s.runId))) {
    lines.push(`  sub-run ${missing.runId} (no log yet) [${missing.action}] from ${missing.parentRunId}`);
  }
  for (const cycle of job.cycles) {
    lines.push(`  cycle ${cycle.cycleNumber ?? 'pending'}: ${cycle.runId} ${cycle.status}`);
  }
  lines.push(`total: ${formatCost(job.total)}, ${tokens(job.total)}${job.total.unreported > 0 ? ` (${job.total.unreported} run(s) left out: report refused)` : ''}`);
  lines.push(job.story);
  return `${lines.map((line) => terminalSafe(line)).join('\n')}\n`;
}
