/**
 * What `little-inspector sql` and the app's SQL console (`fleet.sql`, `fleet.tables`) answer:
 * rows of one read-only statement over the fleet index, and the tables one may query
 * (docs/FLEET.md "SQL").
 */

/** The longest time budget a query may ask for (`sql --timeout`, `fleet.sql`'s budgetMs). */
export const SQL_BUDGET_MAX_MS = 600_000;

/** A result: column names, rows as arrays, and whether the row cap cut it. */
export type SqlResult = { columns: string[]; rows: unknown[][]; truncated: boolean };

/** One queryable table or view of the index and its columns (SQLite's declared types; a view's are empty). */
export type FleetSqlTable = { name: string; kind: 'table' | 'view'; columns: { name: string; type: string }[] };

/** The index as the query saw it. */
export type FleetSqlIndexed = { runs: number; events: number };

/** The console's answer to `fleet.tables`. */
export type FleetSqlTables = { tables: FleetSqlTable[]; indexed: FleetSqlIndexed };

/** The console's answer to `fleet.sql`: the rows, the budget it ran under, the tables. */
export type FleetSqlAnswer = SqlResult & FleetSqlTables & { budgetMs: number; rowCap: number };
