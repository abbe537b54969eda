/** Outer-loop facts for a run's crash boundary: is this run the pending cycle of a manifest? */
import { listOuterLoopIds, readOuterLoop } from './outer-loops';

/** `{pendingCycleRunId, outerLoopId}` when an outer-loop manifest names `runId` as its pending cycle. */
export function pendingCycleFor(dataDir: string, runId: string): { pendingCycleRunId?: string; outerLoopId?: string } {
  const ids = listOuterLoopIds(dataDir);
  if (!ids.ok) return {};
  for (const id of ids.value) {
    const read = readOuterLoop(dataDir, id);
    if (read.ok && read.value.manifest.pendingCycleRunId === runId) return { pendingCycleRunId: runId, outerLoopId: id };
  }
  return {};
}
