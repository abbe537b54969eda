/**
 * The run list's Findings column, filter and sort (docs/SCAN.md "In the app"): every run's
 * behavioural finding counts from `library.scan` (stores/scan-store.ts) attached to its row
 * before the list is filtered, sorted and built, so the tree, the sort and the virtualised rows
 * stay as they are. Pure.
 */
import type { RunSummary } from '../../shared/library';
import { SCAN_FINDING_KINDS, type RunFindingCounts, type ScanFindingKind } from '../../shared/scan/scan-types';

/** The Findings filter: none, runs with a finding above info ("has findings"), or runs with a finding of one kind. */
export type FindingsFilter = null | 'any' | ScanFindingKind;

/**
 * A run row with its counts: absent while the library scan is on the way (the filter then keeps
 * every run, the sort puts none first), null when the scan could not read the run.
 */
export type RunWithFindings = RunSummary & { findings?: RunFindingCounts | null };

/** A filter from its URL value (`findings=any`, `findings=retry-storm`); anything else is none. */
export function parseFindingsFilter(value: string | undefined): FindingsFilter {
  if (value === 'any') return 'any';
  return (SCAN_FINDING_KINDS as readonly string[]).includes(value ?? '') ? (value as ScanFindingKind) : null;
}

/** Each run with its counts from `index` (by `key`), null for a run the scan did not answer. */
export function withFindings(runs: readonly RunSummary[], index: ReadonlyMap<string, RunFindingCounts>, key: (run: RunSummary) => string): RunWithFindings[] {
  return runs.map((run) => ({ ...run, findings: index.get(key(run)) ?? null }));
}

/** The counts attached to a row (undefined: not known yet). */
export function findingsOf(run: RunSummary): RunFindingCounts | null | undefined {
  return (run as RunWithFindings).findings;
}

/** Whether `run` passes `filter`; a run whose counts are not known yet passes. */
export function matchesFindings(run: RunSummary, filter: FindingsFilter): boolean {
  if (filter === null) return true;
  const counts = findingsOf(run);
  if (counts === undefined) return true;
  if (counts === null) return false;
  return filter === 'any' ? counts.error + counts.warning > 0 : counts.kinds.includes(filter);
}

/** The sort value: errors outrank warnings outrank notes (null when not known, sorted last). */
export function findingsRank(counts: RunFindingCounts | null | undefined): number | null {
  if (counts === undefined || counts === null) return null;
  return counts.error * 1_000_000 + counts.warning * 1_000 + counts.info;
}

/** The rank of several runs (an outer loop's cycles): their counts summed, null when none is known. */
export function groupFindingsRank(runs: readonly RunSummary[]): number | null {
  let total: number | null = null;
  for (const run of runs) {
    const rank = findingsRank(findingsOf(run));
    if (rank !== null) total = (total ?? 0) + rank;
  }
  return total;
}

/** The cell's text ("2 errors · 1 warning", "1 note", "none") and its accessible description (the kinds). */
export function findingsCellText(counts: RunFindingCounts | null | undefined): { text: string; title: string } {
  if (counts === undefined) return { text: '…', title: 'Scanning…' };
  if (counts === null) return { text: '—', title: 'This run could not be scanned' };
  const parts: string[] = [];
  if (counts.error > 0) parts.push(`${counts.error} error${counts.error === 1 ? '' : 's'}`);
  if (counts.warning > 0) parts.push(`${counts.warning} warning${counts.warning === 1 ? '' : 's'}`);
  if (counts.info > 0) parts.push(`${counts.info} note${counts.info === 1 ? '' : 's'}`);
  return parts.length === 0 ? { text: 'none', title: 'No behavioural findings' } : { text: parts.join(' · '), title: counts.kinds.join(', ') };
}
