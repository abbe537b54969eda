/**
 * The behaviour scan's answers for the views (docs/SCAN.md "In the app"): one run's findings for
 * its Overview card and timeline marks (`run.scan`, refetched when the run's model is rebuilt),
 * and every run's finding counts for the run list's Findings column, filter and sort
 * (`library.scan`, asked again whenever the library snapshot changes: main rescans only the runs
 * that grew).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { latestWins } from '../../shared/async/latest-wins';
import type { LibrarySnapshot } from '../../shared/library';
import type { RunRef } from '../../shared/run/run-detail-types';
import { runItemKey } from '../../shared/run/run-key';
import type { LibraryScanView, RunFindingCounts, RunScanView } from '../../shared/scan/scan-types';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';
import { useRunFetch } from './use-run-fetch';

/** A run's counts by its list key (`dataDir` + newline + `runId`, as `findingsKey` makes it). */
export type FindingsIndex = ReadonlyMap<string, RunFindingCounts>;

/** The key of a run in a `FindingsIndex`. */
export function findingsKey(run: { dataDir: string; runId: string }): string {
  return `${run.dataDir}\n${run.runId}`;
}

type ScanState = {
  /** The library scan of the snapshot last asked for. */
  library: Load<LibraryScanView>;
  /** The counts of `library`, by run (empty until it is ready). */
  index: FindingsIndex;
  /** The snapshot `library` answers for. */
  snapshot: LibrarySnapshot | null;
  /** Ask `library.scan` for `snapshot` (no-op when it is the one asked already). */
  scanLibrary(snapshot: LibrarySnapshot): Promise<void>;
};

const EMPTY_INDEX: FindingsIndex = new Map();
// A newer snapshot's scan wins over an older one still on the way.
const scans = latestWins();
let inFlight = false;
let pending: LibrarySnapshot | null = null;

export const useScanStore = create<ScanState>()((set, get) => ({
  library: IDLE,
  index: EMPTY_INDEX,
  snapshot: null,
  async scanLibrary(snapshot) {
    if (get().snapshot === snapshot) return;
    // A live library pushes snapshots every few hundred ms: one scan at a time, then the latest.
    if (inFlight) {
      pending = snapshot;
      return;
    }
    inFlight = true;
    const ticket = scans.begin();
    // The previous counts stay on screen meanwhile: the column does not blink on a refresh.
    set({ snapshot, library: get().library.phase === 'ready' ? get().library : LOADING });
    const result = await api['library.scan']({});
    inFlight = false;
    if (ticket.current()) set({ library: loaded(result), index: result.ok ? new Map(result.value.runs.map((run) => [findingsKey(run), run.counts])) : EMPTY_INDEX });
    const next = pending;
    pending = null;
    if (next !== null) await get().scanLibrary(next);
  },
}));

/** The library scan of `snapshot`, asked when it changes (the run list's Findings column). */
export function useLibraryScan(snapshot: LibrarySnapshot): { library: Load<LibraryScanView>; index: FindingsIndex } {
  const scanLibrary = useScanStore((s) => s.scanLibrary);
  useEffect(() => void scanLibrary(snapshot), [scanLibrary, snapshot]);
  const library = useScanStore((s) => s.library);
  const index = useScanStore((s) => s.index);
  return { library, index };
}

/** One run's findings as of the head's `build` and, in time travel, of its event `at` (the Overview card, the timeline's marks). */
export function useRunScan(ref: RunRef, build: number): Load<RunScanView> {
  return shownScan(useRunFetch(runItemKey(ref, 'scan', ref.at ?? 'now'), build, () => api['run.scan'](ref)));
}

/**
 * Main ends the scan of a position the view is leaving (scan-service.ts `moved`): the frame kept
 * meanwhile goes on saying "scanning", never the internal cancellation.
 */
export function shownScan(scan: Load<RunScanView>): Load<RunScanView> {
  return scan.phase === 'error' && scan.error.code === 'cancelled' ? LOADING : scan;
}
