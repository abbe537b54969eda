/**
 * A run's rows read a page at a time. Stepping a statement row by row crosses from JS into the
 * driver once per row (better-sqlite3's iterator: ~1 µs each), which on the 200,000-event run was
 * a quarter of reading and parsing the log: ~0.68-0.83 s against ~0.48-0.62 s in pages of 2,000
 * rows (`allArrays`: one call per page). Memory stays bounded by a page, never the run.
 *
 * Pages continue after the last row's sequence (keyset), which is exact only where every page
 * reads the same unchanging database and a sequence names one row:
 * - the connection reads a frozen database: the data dir reader opens only immutable snapshots
 *   and private copies (read-recipe.ts), never a file a writer may commit to between two pages;
 * - sequences unique per run (little-workflow's PRIMARY KEY; unread-rows.ts `hasUniqueSequences`);
 * - the run's lowest and highest sequences are safe integers, so every sequence is a number
 *   (text and blobs sort above numbers, NULL below) and the bound of the next page is exactly
 *   the last row's (an integer past 2^53 reaches JS rounded).
 * Anything else is read row by row, as before.
 */
import { oneShot } from './one-shot-statements';
import type { SqliteConnection, SqliteParam } from './sqlite-driver';

/** Rows per page: past ~2,000 a page saves no more (measured 1,000/2,000/4,000: within noise). */
export const PAGE_ROWS = 2000;

/** Whether the rows of `runId` can be read in pages over `connection` (see above). */
export function canPage(connection: SqliteConnection, runId: string, uniqueSequences: boolean): boolean {
  return uniqueSequences && endSequence(connection, runId, 'min') !== null && endSequence(connection, runId, 'max') !== null;
}

/**
 * The run's lowest or highest sequence when it is a safe integer, else null. One lookup in the
 * (run_id, sequence) index (a lone min() or max() reads one end of it); without that index it
 * scans the table, so callers ask only where sequences are unique.
 */
export function endSequence(connection: SqliteConnection, runId: string, end: 'min' | 'max'): number | null {
  const value = oneShot(connection, `SELECT ${end}(sequence) AS s FROM events WHERE run_id = ?`).get(runId)?.s;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * The rows of `sql`, in its order. `sql` selects one run's rows with `sequence` as its first
 * column, after the sequence bound as its second parameter (`WHERE run_id = ? AND sequence > ?
 * ...`), in ascending sequence order, with no LIMIT. Paged when `paged` (see `canPage`), else
 * stepped row by row.
 */
export function* runRows(connection: SqliteConnection, sql: string, params: readonly SqliteParam[], paged: boolean, pageRows = PAGE_ROWS): Generator<unknown[]> {
  if (!paged) {
    yield* connection.prepare(sql).iterateArrays(...params);
    return;
  }
  const page = oneShot(connection, `${sql} LIMIT ${pageRows}`);
  const bound = [...params];
  for (;;) {
    const rows = page.allArrays(...bound);
    yield* rows;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1]![0];
    // A bound that does not move on would read the same page forever (canPage rules that out: this guards it).
    if (typeof last !== 'number' || !(last > (bound[1] as number))) throw new Error(`a paged read of the events did not move past sequence ${String(bound[1])}`);
    bound[1] = last;
  }
}
