/**
 * The run list's filter and sort state as a plain value, and its URL form (`#/?status=crashed&q=foo`),
 * so a filtered list is a deep link. Pure: no DOM, no store.
 */

import { DISPLAY_STATUSES, type DisplayStatus } from '../../shared/status/display-status';
import { parseFindingsFilter, type FindingsFilter } from './run-findings';

/** How far back the started time may lie. */
export type TimeRange = 'all' | 'hour' | 'day' | 'week';
/** Cost filter: any run, runs with a priced cost, unpriced runs, or runs costing more than `costOver`. */
export type CostFilter = 'any' | 'priced' | 'unpriced' | 'over';
/** Columns the list sorts by. */
export type SortKey = 'started' | 'duration' | 'status' | 'cost' | 'events' | 'runId' | 'findings';
/** Sort direction. */
export type SortDir = 'asc' | 'desc';

/** Everything that decides which runs the list shows and in which order. */
export type LibraryQuery = {
  /** Lower-cased or not, matched case-insensitively against run ids, labels and tags. */
  text: string;
  /** Empty means every status. */
  statuses: DisplayStatus[];
  /** Workflow version id, or null for any. */
  version: string | null;
  /** A label or a tag (exact), or null for any. */
  tag: string | null;
  time: TimeRange;
  cost: CostFilter;
  /** Threshold in USD for `cost: 'over'`. */
  costOver: number;
  /** Only runs with more than this many events (0: no filter). */
  eventsOver: number;
  /** Behavioural findings (run-findings.ts): none, above info, or of one kind. */
  findings: FindingsFilter;
  sort: SortKey;
  dir: SortDir;
};

/** The unfiltered list, newest first. */
export const DEFAULT_QUERY: LibraryQuery = {
  text: '',
  statuses: [],
  version: null,
  tag: null,
  time: 'all',
  cost: 'any',
  costOver: 0,
  eventsOver: 0,
  findings: null,
  sort: 'started',
  dir: 'desc',
};

const TIME_RANGES: readonly TimeRange[] = ['all', 'hour', 'day', 'week'];
const COSTS: readonly CostFilter[] = ['any', 'priced', 'unpriced', 'over'];
const SORT_KEYS: readonly SortKey[] = ['started', 'duration', 'status', 'cost', 'events', 'runId', 'findings'];

/** True when any filter (not the sort) narrows the list. */
export function isFiltered(query: LibraryQuery): boolean {
  return (
    query.text.trim() !== '' ||
    query.statuses.length > 0 ||
    query.version !== null ||
    query.tag !== null ||
    query.time !== 'all' ||
    query.cost !== 'any' ||
    query.eventsOver > 0 ||
    query.findings !== null
  );
}

/** The same query with every filter cleared and the sort kept. */
export function clearFilters(query: LibraryQuery): LibraryQuery {
  return { ...DEFAULT_QUERY, sort: query.sort, dir: query.dir };
}

/** Read a query from URL parameters; unknown or malformed values fall back to the defaults. */
export function parseLibraryQuery(params: Readonly<Record<string, string>> | undefined): LibraryQuery {
  if (!params) return DEFAULT_QUERY;
  const sort = pick(params.sort, SORT_KEYS, 'started');
  const statuses = (params.status ?? '')
    .split(',')
    .filter((s): s is DisplayStatus => (DISPLAY_STATUSES as readonly string[]).includes(s));
  return {
    text: params.q ?? '',
    statuses: DISPLAY_STATUSES.filter((s) => statuses.includes(s)),
    version: params.version || null,
    tag: params.tag || null,
    time: pick(params.time, TIME_RANGES, 'all'),
    cost: pick(params.cost, COSTS, 'any'),
    costOver: nonNegative(params.costOver),
    eventsOver: Math.floor(nonNegative(params.eventsOver)),
    findings: parseFindingsFilter(params.findings),
    sort,
    dir: params.dir === 'asc' || params.dir === 'desc' ? params.dir : defaultDir(sort),
  };
}

/** URL parameters for a query, defaults left out, in a stable order (the inverse of `parseLibraryQuery`). */
export function formatLibraryQuery(query: LibraryQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.text !== '') out.q = query.text;
  if (query.statuses.length > 0) out.status = query.statuses.join(',');
  if (query.version !== null) out.version = query.version;
  if (query.tag !== null) out.tag = query.tag;
  if (query.time !== 'all') out.time = query.time;
  if (query.cost !== 'any') out.cost = query.cost;
  if (query.cost === 'over' && query.costOver > 0) out.costOver = String(query.costOver);
  if (query.eventsOver > 0) out.eventsOver = String(query.eventsOver);
  if (query.findings !== null) out.findings = query.findings;
  if (query.sort !== DEFAULT_QUERY.sort || query.dir !== DEFAULT_QUERY.dir) {
    out.sort = query.sort;
    out.dir = query.dir;
  }
  return out;
}

/** The direction a column sorts in on its first click: biggest, newest and worst first; ids A→Z. */
export function defaultDir(key: SortKey): SortDir {
  return key === 'runId' ? 'asc' : 'desc';
}

/** The query after clicking column `key`: a new column starts in its default direction, the same one flips. */
export function toggleSort(query: LibraryQuery, key: SortKey): LibraryQuery {
  if (query.sort === key) return { ...query, dir: query.dir === 'asc' ? 'desc' : 'asc' };
  return { ...query, sort: key, dir: defaultDir(key) };
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

function nonNegative(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
