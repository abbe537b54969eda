/**
 * Time travel's first move on a run folds from the start (or a disk checkpoint) up to its N and
 * leaves snapshots on the way (the open leaves one at the end only: fold-request.ts
 * `snapshotAtTail`); the next move past N would fold that far again. So once a run's
 * first move has sent its head, the worker folds on from the highest snapshot to the end of the
 * log in slices (beside that move's lists and check), leaving a snapshot every half slice
 * (fold-snapshots.ts): a few seconds later any N is at most 5,000 events from one. Moves asked
 * meanwhile are served between the slices. Once per run and price table in a worker; only where
 * snapshots are kept (the worker thread) and the run is longer than one checkpoint spacing (CHECKPOINT_EVERY).
 */
import { foldLogAsync, type Checkpoints } from './fold-log';
import type { RunDetailContext } from './run-stages';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { foldBasis } from './resume-points';

/** Runs primed (or being primed) by this worker. */
const primed = new Set<string>();

/**
 * Fold `runId` of `dataDir` to its end leaving snapshots, unless done already (failures are left
 * to the next move: it folds as before); `turn`: what it awaits between slices (FoldRequest `turn`).
 */
export async function primeSnapshots(dataDir: string, runId: string, context: RunDetailContext, checkpoints: Checkpoints, turn?: () => Promise<void>): Promise<void> {
  if (checkpoints.snapshots === null || context.summary.eventCount <= checkpoints.digests.every) return;
  const key = `${dataDir}\u0000${runId}\u0000${context.table.id}`;
  if (primed.has(key)) return;
  primed.add(key);
  const reader = openDataDir(dataDir);
  if (!reader.ok) return;
  try {
    // From a snapshot or the first event: a stored checkpoint (the open's, at the end) would skip
    // the boundaries, and so would the open's snapshot at the end: from the highest below which none is missing.
    const resumeAtMost = primedThrough(reader.value, runId, context, checkpoints);
    await foldLogAsync({ reader: reader.value, runId, table: context.table, mode: 'detail', checkpoints, leave: 'boundaries', startFrom: 'snapshots', resumeAtMost, ...(turn === undefined ? {} : { turn }) });
  } catch {
    // The move's own fold reported what is wrong with the log; priming only saves later folds.
  } finally {
    reader.value.close();
  }
}

// The highest snapshot of the run's fold below which every half slice holds one (0: none); those above it are dropped.
function primedThrough(reader: DataDirReader, runId: string, context: RunDetailContext, checkpoints: Checkpoints): number {
  const { every } = checkpoints.digests;
  const basis = foldBasis(reader, runId, 'detail', context.table, every);
  if (basis === null || checkpoints.snapshots === null) return 0;
  const held = new Set(checkpoints.snapshots.sequences(basis.name, Number.MAX_SAFE_INTEGER));
  const half = Math.max(1, Math.floor(every / 2));
  let through = 0;
  while (held.has(through + half)) through += half;
  // Above it the open's snapshot at the end pins that whole fold (~100 MB at 200,000 events) beside
  // the one priming grows: priming leaves its own there (or half a slice below).
  for (const sequence of held) if (sequence > through) checkpoints.snapshots.discard(basis.name, sequence);
  return through;
}
