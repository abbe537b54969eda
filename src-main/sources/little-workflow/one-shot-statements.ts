/**
 * Statements that run to the end in one call (`get`, `allArrays`), compiled once per connection.
 * A fleet index pass asks each of thousands of small runs the same few lookups (its lowest and
 * highest sequence, its key digest, a page of rows); compiling them again for every run cost more
 * than running them (docs/FLEET.md "Scale"). Only one-call statements are kept: an iterated one
 * is busy until its iterator ends, and a second read beside it needs a statement of its own.
 */
import type { SqliteConnection, SqliteStatement } from './sqlite-driver';

/** Past this many distinct texts on one connection nothing more is kept (the texts are ours, a handful). */
const MAX_KEPT = 64;

const kept = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/** `sql` prepared on `connection`, for a `get` or `allArrays` call only (never `iterate`). */
export function oneShot(connection: SqliteConnection, sql: string): SqliteStatement {
  let statements = kept.get(connection);
  if (statements === undefined) {
    statements = new Map();
    kept.set(connection, statements);
  }
  const found = statements.get(sql);
  if (found !== undefined) return found;
  const statement = connection.prepare(sql);
  if (statements.size < MAX_KEPT) statements.set(sql, statement);
  return statement;
}
