/** The opened library with each run's finding counts attached once `library.scan` answers (run-findings.ts). */
import { useMemo } from 'react';
import type { LibrarySnapshot } from '../../../shared/library';
import { findingsKey, useLibraryScan } from '../../stores/scan-store';
import { withFindings } from '../../stores/run-findings';

/** `snapshot` as is while the scan is on the way or failed (every run then passes the Findings filter), else its runs with their counts. */
export function useRunsWithFindings(snapshot: LibrarySnapshot): LibrarySnapshot {
  const { library, index } = useLibraryScan(snapshot);
  const ready = library.phase === 'ready';
  return useMemo(() => (ready ? { ...snapshot, runs: withFindings(snapshot.runs, index, findingsKey) } : snapshot), [snapshot, index, ready]);
}
