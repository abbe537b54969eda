/**
 * A search over the fleet index (docs/FLEET.md "Search syntax"): SQL finds the events (FTS5 for
 * the words, columns for the filters; the words table holds exactly the folded words, so its
 * answer is the query's, no false positives), sorted by run then sequence, and each hit shown says
 * which field matched, with a snippet and where the match sits in it.
 */
import { findTerm, ftsPhrase, type SearchFilter, type SearchQuery } from '../../shared/search/search-query';
import { textWords } from '../../shared/search/search-text';
import type { IndexConnection, SqliteParam } from '../sources/little-workflow/sqlite-driver';

import type { FleetSearchHit } from '../../shared/search/fleet-search-types';

/** One matching event (the app's search box shows these as they are). */
export type SearchHit = FleetSearchHit;

/** The hits (at most `limit`), how many events match in all, and what the index holds. */
export type SearchResult = { hits: SearchHit[]; total: number; indexed: { runs: number; events: number } };

export type SearchOptions = { limit: number; runId?: string };

/** Default and largest `--limit`. */
export const SEARCH_LIMIT = 50;
export const SEARCH_LIMIT_MAX = 10_000;

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 200;

const likePrefix = (value: string): string => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL of each filter (values of one filter: any of them; filters: all). */
const FILTER_SQL: Record<SearchFilter, (value: string) => { sql: string; params: SqliteParam[] }> = {
  type: (v) => (v.endsWith('*') ? { sql: "e.type LIKE ? ESCAPE '\\'", params: [likePrefix(v.slice(0, -1))] } : { sql: 'e.type = ? COLLATE NOCASE', params: [v] }),
  tool: (v) => ({ sql: 'e.tool = ? COLLATE NOCASE', params: [v] }),
  model: (v) => ({ sql: "e.model LIKE ? ESCAPE '\\'", params: [likePrefix(v)] }),
  step: (v) => ({ sql: '(e.step_id = ? OR e.step_path = ?)', params: [v, v] }),
  status: (v) => ({ sql: 'r.status = ?', params: [v.toLowerCase()] }),
  run: (v) => ({ sql: "e.run_id LIKE ? ESCAPE '\\'", params: [likePrefix(v)] }),
};

function whereOf(query: SearchQuery, options: SearchOptions): { sql: string; params: SqliteParam[] } {
  const conds: string[] = [];
  const params: SqliteParam[] = [];
  for (const term of query.terms) {
    conds.push('e.id IN (SELECT rowid FROM index_words WHERE index_words MATCH ?)');
    params.push(ftsPhrase(term));
  }
  for (const [name, values] of Object.entries(query.filters) as [SearchFilter, string[]][]) {
    const parts = values.map(FILTER_SQL[name]);
    conds.push(`(${parts.map((part) => part.sql).join(' OR ')})`);
    for (const part of parts) params.push(...part.params);
  }
  if (options.runId !== undefined) {
    conds.push('e.run_id = ?');
    params.push(options.runId);
  }
  return { sql: conds.length === 0 ? '' : `WHERE ${conds.join(' AND ')}`, params };
}

const FROM = 'FROM index_events e JOIN index_dirs d ON d.id = e.dir JOIN index_runs r ON r.dir = e.dir AND r.run_id = e.run_id';

/**
 * When more than this share of the indexed events match, the page is read in (run, dir,
 * sequence) order off index_events_run, stopping at the limit, instead of every match looked up
 * by id and sorted (~1.3 µs a match against ~0.07 µs an event scanned; measured at 130,000 events:
 * a word in 28,000 of them 37 ms sorted, 5 ms scanned). Either plan answers the same rows.
 */
const SCAN_IN_ORDER_SHARE = 1 / 20;

/** Run `query` over the index. */
export function searchIndex(db: IndexConnection, query: SearchQuery, options: SearchOptions): SearchResult {
  const where = whereOf(query, options);
  const indexed = indexedCounts(db);
  const total = countOf(db, query, options, where);
  const from = total > indexed.events * SCAN_IN_ORDER_SHARE ? FROM.replace('index_events e', 'index_events e INDEXED BY index_events_run') : FROM;
  const rows = db
    .prepare(`SELECT e.id AS id, d.path AS dataDir, e.run_id AS runId, e.sequence AS sequence, e.type AS type ${from} ${where.sql} ORDER BY e.run_id, d.path, e.sequence LIMIT ?`)
    .iterate(...where.params, options.limit);
  const texts = db.prepare('SELECT texts FROM index_events WHERE id = ?');
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const column = texts.get(Number(row.id))?.texts;
    const shown = shownField(query, typeof column === 'string' ? (JSON.parse(column) as [string, string][]) : []);
    hits.push({ dataDir: String(row.dataDir), runId: String(row.runId), sequence: Number(row.sequence), type: String(row.type), ...shown });
  }
  return { hits, total, indexed };
}

/**
 * How many events match. Words alone are counted by the words table itself (its rowids are the
 * events'; every event has its dir and run rows, so the joins drop none): 1.6 ms against 34 ms
 * for the joined count of a word in 28,000 of 130,000 events.
 */
function countOf(db: IndexConnection, query: SearchQuery, options: SearchOptions, where: { sql: string; params: SqliteParam[] }): number {
  if (query.terms.length > 0 && Object.keys(query.filters).length === 0 && options.runId === undefined) {
    const match = query.terms.map(ftsPhrase).join(' AND ');
    return Number(db.prepare('SELECT count(*) AS n FROM index_words WHERE index_words MATCH ?').get(match)?.n ?? 0);
  }
  return Number(db.prepare(`SELECT count(*) AS n ${FROM} ${where.sql}`).get(...where.params)?.n ?? 0);
}

/** How many runs and events the index holds. */
export function indexedCounts(db: IndexConnection): { runs: number; events: number } {
  // Each run's row keeps how many of its events are indexed (index-writer.ts), written with them:
  // summing a row per run is ~3x quicker than counting every event row.
  const row = db.prepare('SELECT count(*) AS runs, coalesce(sum(indexed_events), 0) AS events FROM index_runs').get();
  return { runs: Number(row?.runs ?? 0), events: Number(row?.events ?? 0) };
}

/**
 * The field a hit shows: the first (in payload order) where the first word matches, with every
 * word's match in it marked; a filter-only query shows the event's first field.
 */
function shownField(query: SearchQuery, fields: readonly (readonly [string, string])[]): { field: string; snippet: string; marks: [number, number][] } {
  let first: { field: string; text: string } | null = null;
  for (const [field, text] of fields) {
    first ??= { field, text };
    if (query.terms.length === 0) break;
    const words = textWords(text);
    const at = findTerm(query.terms[0], words);
    if (at === null) continue;
    const found = query.terms.map((term) => findTerm(term, words)).filter((m): m is { start: number; end: number } => m !== null);
    return { field, ...snippetOf(text, at.start, found) };
  }
  if (first === null) return { field: '', snippet: '', marks: [] };
  return { field: first.field, ...snippetOf(first.text, 0, []) };
}

function snippetOf(text: string, at: number, found: { start: number; end: number }[]): { snippet: string; marks: [number, number][] } {
  const from = Math.max(0, at - SNIPPET_BEFORE);
  const to = Math.min(text.length, from + SNIPPET_LENGTH);
  const lead = from > 0 ? '…' : '';
  // One line: newlines and tabs become spaces (same length, so the marks stay put).
  const snippet = `${lead}${text.slice(from, to).replace(/[\r\n\t]/g, ' ')}${to < text.length ? '…' : ''}`;
  const marks = found
    .filter((m) => m.start >= from && m.end <= to)
    .map((m): [number, number] => [m.start - from + lead.length, m.end - from + lead.length])
    .sort((a, b) => a[0] - b[0]);
  return { snippet, marks };
}
