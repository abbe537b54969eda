/**
 * Time to list the runs of a data dir: the whole `loadLibrary` (discovery, SQL aggregates,
 * model-call pricing, locks, folding the open runs) and the bare `reader.listRuns()` query.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { loadLibrary } from '../../src-main/library/load-library';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { perSecond, repeat, timed } from './timing';

/** Medians of the run-list measurements and what they listed. */
export type ListingResult = {
  rounds: number;
  runs: number;
  loadLibraryMedianMs: number;
  loadLibraryRunsPerSecond: number;
  openMs: number;
  listRunsMedianMs: number;
  listRunsRunsPerSecond: number;
  /** Run count per status in the library snapshot (e.g. completed, failed, running). */
  statuses: Record<string, number>;
  crashed: number;
  /** Runs whose snapshot carries a non-zero cost (priced model calls). */
  priced: number;
};

/**
 * `loadLibrary(root)` `rounds` times, then one `openDataDir(dataDir)` and `listRuns()`
 * `rounds` times on that reader; medians of each.
 */
export function measureListing(root: string, dataDir: string, rounds: number): ListingResult {
  const load = repeat(rounds, () => {
    const snapshot = loadLibrary(root, BUNDLED_PRICE_TABLE);
    if (!snapshot.ok) throw new Error(`loadLibrary failed: ${snapshot.error.message}`);
    return snapshot.value;
  });
  const open = timed(() => openDataDir(dataDir));
  if (!open.value.ok) throw new Error(`openDataDir failed: ${open.value.error.message}`);
  const reader = open.value.value;
  try {
    const list = repeat(rounds, () => {
      const runs = reader.listRuns();
      if (!runs.ok) throw new Error(`listRuns failed: ${runs.error.message}`);
      return runs.value.runs.length;
    });
    const listed = list.runs[0].value;
    const snapshot = load.runs[0].value;
    const statuses: Record<string, number> = {};
    for (const run of snapshot.runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
    if (listed !== snapshot.runs.length) throw new Error(`listRuns saw ${listed} runs, loadLibrary ${snapshot.runs.length}`);
    return {
      rounds,
      runs: snapshot.runs.length,
      loadLibraryMedianMs: load.medianMs,
      loadLibraryRunsPerSecond: perSecond(snapshot.runs.length, load.medianMs),
      openMs: open.ms,
      listRunsMedianMs: list.medianMs,
      listRunsRunsPerSecond: perSecond(listed, list.medianMs),
      statuses,
      crashed: snapshot.runs.filter((run) => run.crashed).length,
      priced: snapshot.runs.filter((run) => typeof run.costUsd === 'number' && run.costUsd > 0).length,
    };
  } finally {
    reader.close();
  }
}
