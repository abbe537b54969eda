/** Which runs a `LibraryQuery` keeps, and the per-status counts the filter bar shows. Pure. */
import type { RunSummary } from '../../../shared/library';
import { DISPLAY_STATUSES, runDisplayStatus, type DisplayStatus } from '../../../shared/status/display-status';
import type { LibraryQuery, TimeRange } from '../../stores/library-query';
import { matchesFindings } from '../../stores/run-findings';

const HOUR = 3_600_000;
const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR };

/** Run duration in ms from the first event to the terminal one; null while no terminal is known. */
export function durationMs(run: Pick<RunSummary, 'startedAt' | 'finishedAt'>): number | null {
  if (!run.startedAt || !run.finishedAt) return null;
  const ms = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** A predicate for every filter of `query` except status (the status counts are faceted on it). */
export function otherFiltersPredicate(query: LibraryQuery, now: number): (run: RunSummary) => boolean {
  const needle = query.text.trim().toLowerCase();
  const since = query.time === 'all' ? null : now - RANGE_MS[query.time];
  return (run) => {
    if (needle !== '' && !matchesText(run, needle)) return false;
    if (query.version !== null && run.workflowVersionId !== query.version) return false;
    if (query.tag !== null && run.label !== query.tag && !run.tags.includes(query.tag)) return false;
    if (since !== null) {
      const started = run.startedAt ? Date.parse(run.startedAt) : NaN;
      if (!(started >= since)) return false;
    }
    if (query.cost === 'priced' && run.costUsd === null) return false;
    if (query.cost === 'unpriced' && run.costUsd !== null) return false;
    if (query.cost === 'over' && !(run.costUsd !== null && run.costUsd > query.costOver)) return false;
    if (query.eventsOver > 0 && !(run.eventCount > query.eventsOver)) return false;
    if (!matchesFindings(run, query.findings)) return false;
    return true;
  };
}

/** A predicate for the whole query. */
export function queryPredicate(query: LibraryQuery, now: number): (run: RunSummary) => boolean {
  const others = otherFiltersPredicate(query, now);
  if (query.statuses.length === 0) return others;
  const wanted = new Set(query.statuses);
  return (run) => wanted.has(runDisplayStatus(run)) && others(run);
}

/** Runs per display status among the runs that pass every other filter. */
export function statusCounts(runs: readonly RunSummary[], query: LibraryQuery, now: number): Record<DisplayStatus, number> {
  const counts = Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, 0])) as Record<DisplayStatus, number>;
  const keep = otherFiltersPredicate(query, now);
  for (const run of runs) if (keep(run)) counts[runDisplayStatus(run)] += 1;
  return counts;
}

/** Distinct workflow versions and labels/tags, sorted, for the filter menus. */
export function facetValues(runs: readonly RunSummary[]): { versions: string[]; tags: string[] } {
  const versions = new Set<string>();
  const tags = new Set<string>();
  for (const run of runs) {
    if (run.workflowVersionId) versions.add(run.workflowVersionId);
    if (run.label) tags.add(run.label);
    for (const tag of run.tags) tags.add(tag);
  }
  return { versions: [...versions].sort(), tags: [...tags].sort((a, b) => a.localeCompare(b)) };
}

function matchesText(run: RunSummary, needle: string): boolean {
  if (run.runId.toLowerCase().includes(needle)) return true;
  if (run.label !== null && run.label.toLowerCase().includes(needle)) return true;
  return run.tags.some((tag) => tag.toLowerCase().includes(needle));
}
