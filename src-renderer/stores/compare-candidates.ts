/**
 * Which run to compare with, kept pure: the two runs picked in the run list (baseline first),
 * the previous run of the same workflow version, the previous cycle of the same outer loop.
 */
import type { RunSummary } from '../../shared/library';
import type { RunRef } from '../../shared/run/run-detail-types';

type RunPick = Pick<RunRef, 'dataDir' | 'runId'>;

const same = (a: RunPick, b: RunPick) => a.dataDir === b.dataDir && a.runId === b.runId;

/** The run list's compare picks after clicking `ref`: toggled, at most two (a third drops the oldest pick). */
export function togglePick(picked: readonly RunPick[], ref: RunPick): RunPick[] {
  if (picked.some((p) => same(p, ref))) return picked.filter((p) => !same(p, ref));
  return [...picked, { dataDir: ref.dataDir, runId: ref.runId }].slice(-2);
}

/** Start time for ordering; a run that never wrote a time sorts last. */
const startOf = (run: RunSummary) => (run.startedAt === null ? Number.POSITIVE_INFINITY : Date.parse(run.startedAt));

/** Two runs as [baseline, subject]: the earlier-started is the baseline (deltas read "what changed since"). */
export function baselineFirst(a: RunSummary, b: RunSummary): [RunSummary, RunSummary] {
  return startOf(a) <= startOf(b) ? [a, b] : [b, a];
}

/** The latest run of `run`'s workflow version that started before it (any data dir), or null. */
export function previousOfVersion(runs: readonly RunSummary[], run: RunSummary): RunSummary | null {
  if (run.workflowVersionId === null) return null;
  let best: RunSummary | null = null;
  for (const other of runs) {
    if (other.workflowVersionId !== run.workflowVersionId || same(other, run) || startOf(other) >= startOf(run)) continue;
    if (best === null || startOf(other) > startOf(best)) best = other;
  }
  return best;
}

/** The cycle before `run` in its outer loop (cycles in start order, in its data dir), with its 1-based number. */
export function previousCycle(runs: readonly RunSummary[], run: RunSummary): { run: RunSummary; cycle: number } | null {
  if (run.outerLoopId === null) return null;
  const cycles = runs.filter((r) => r.outerLoopId === run.outerLoopId && r.dataDir === run.dataDir).sort((x, y) => startOf(x) - startOf(y));
  const index = cycles.findIndex((r) => same(r, run));
  return index > 0 ? { run: cycles[index - 1]!, cycle: index } : null;
}
