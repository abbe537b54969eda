/** Facts of a little-workflow run besides its log: its lock, the outer loop waiting on it, stored versions. */
import { ok, type Result } from '../../../shared/diagnostics';
import type { LockInfo } from '../../../shared/run/run-detail-types';
import type { RunFacts } from '../run-source';
import { readRunLock } from './lock-owners';
import { pendingCycleFor } from './outer-loop-facts';
import { listOuterLoopIds } from './outer-loops';
import { listWorkflowVersionIds } from './workflow-versions';

/** The run's lock as the run view shows it (`unknown` when it cannot be read). */
function lockInfo(dataDir: string, runId: string): LockInfo {
  const read = readRunLock(dataDir, runId);
  if (!read.ok) return { state: 'unknown', pid: null, createdAt: null };
  return { state: read.value.state, pid: read.value.owner?.pid ?? null, createdAt: read.value.owner?.createdAt ?? null };
}

/** Every fact of `runId`; folders that cannot be listed count as empty (their reads report why elsewhere). */
export function runFacts(dataDir: string, runId: string): RunFacts {
  const pending = pendingCycleFor(dataDir, runId);
  const outerLoops = listOuterLoopIds(dataDir);
  const versions = listWorkflowVersionIds(dataDir);
  return {
    lock: lockInfo(dataDir, runId),
    pendingCycle: pending.pendingCycleRunId !== undefined && pending.outerLoopId !== undefined ? { pendingCycleRunId: pending.pendingCycleRunId, outerLoopId: pending.outerLoopId } : null,
    outerLoopIds: outerLoops.ok ? outerLoops.value : [],
    workflowVersionIds: versions.ok ? versions.value : [],
  };
}

/** {@link runFacts} as the RunSource method (it never fails: a lock it cannot read is `unknown`). */
export function readRunFacts(dataDir: string, runId: string): Result<RunFacts> {
  return ok(runFacts(dataDir, runId));
}
