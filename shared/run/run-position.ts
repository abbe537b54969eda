/** Run refs compared and sent: which run, at which position (`at` absent: as it is now). */
import type { RunRef } from './run-detail-types';

/** Same run (data dir and id), whatever the position. */
export function sameRun(a: RunRef | null, b: RunRef | null): boolean {
  return a !== null && b !== null && a.dataDir === b.dataDir && a.runId === b.runId;
}

/** Same run at the same position. */
export function samePosition(a: RunRef | null, b: RunRef | null): boolean {
  return sameRun(a, b) && a!.at === b!.at;
}

/** The request for `ref`: no `at` key at all when it is the run as it is now. */
export function requestOf(ref: RunRef): RunRef {
  return ref.at === undefined ? { dataDir: ref.dataDir, runId: ref.runId } : { dataDir: ref.dataDir, runId: ref.runId, at: ref.at };
}
