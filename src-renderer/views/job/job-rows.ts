/** The Job view's table rows: each run of the job with the word a resume of its parent uses for it, and sub-runs with no log yet. */
import type { Job, JobRun, JobSubRun } from '../../../shared/job/job-types';

/** One row: a run of the job (`run` null: a dispatched sub-run that has no log of its own yet). */
export type JobRow = { runId: string; depth: number; run: JobRun | null; subRun: JobSubRun | null };

/** Rows in tree order (each parent before its children); a sub-run without a log sits under its parent, after its siblings. */
export function jobRows(job: Job): JobRow[] {
  const bySub = new Map(job.subRuns.map((s) => [s.runId, s]));
  const rows: JobRow[] = job.runs.map((run) => ({ runId: run.runId, depth: run.depth, run, subRun: bySub.get(run.runId) ?? null }));
  for (const missing of job.subRuns.filter((s) => !job.runs.some((run) => run.runId === s.runId))) {
    const parent = rows.findIndex((row) => row.runId === missing.parentRunId);
    const depth = parent < 0 ? 1 : rows[parent].depth + 1;
    // After the parent's last descendant.
    let at = parent + 1;
    while (parent >= 0 && at < rows.length && rows[at].depth >= depth) at += 1;
    rows.splice(parent < 0 ? rows.length : at, 0, { runId: missing.runId, depth, run: null, subRun: missing });
  }
  return rows;
}

/** Tokens of a run in one short text: input (cached), output, reasoning. */
export function tokensText(usage: Pick<JobRun, 'inputTokens' | 'cachedInputTokens' | 'outputTokens' | 'reasoningTokens'>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(usage.inputTokens)} in (${n(usage.cachedInputTokens)} cached) · ${n(usage.outputTokens)} out · ${n(usage.reasoningTokens)} reasoning`;
}
