/**
 * The fleet's tables (run-tables.ts: `runs`, `steps`, `attempts`, `model_calls`, `tool_calls`,
 * `sessions`) kept in the fleet index for `sql`: one SQLite table each, its columns those of the
 * Parquet schema (table-schemas.ts: the one list of every table's columns and types). A run's
 * rows are replaced whole whenever it is indexed again.
 */
import type { IndexConnection, IndexStatement, SqliteParam } from '../sources/little-workflow/sqlite-driver';
import { PARQUET_SCHEMAS, type ParquetColumnType } from './table-schemas';
import { FLEET_TABLE_NAMES, type FleetTables } from './table-rows';

const SQL_TYPE: Record<ParquetColumnType, string> = { STRING: 'TEXT', INT64: 'INTEGER', DOUBLE: 'REAL', BOOLEAN: 'INTEGER', TIMESTAMP: 'TEXT' };

/** The key a table's rows of one run are found by (a session's run is its session id). */
const runColumn = (name: keyof FleetTables): string => (name === 'sessions' ? 'session_id' : 'run_id');

const columnsOf = (name: keyof FleetTables): [string, ParquetColumnType][] => Object.entries(PARQUET_SCHEMAS[name]) as [string, ParquetColumnType][];

/** CREATE statements of the six tables (booleans as 0/1, times as ISO 8601 text). */
export function fleetTablesSchema(): string {
  return FLEET_TABLE_NAMES.map((name) => {
    const columns = columnsOf(name).map(([column, type]) => `${column} ${SQL_TYPE[type]}`);
    return `CREATE TABLE ${name} (${columns.join(', ')});\nCREATE INDEX ${name}_run ON ${name} (data_dir, ${runColumn(name)});`;
  }).join('\n');
}

/** Writes of the six tables on one connection. */
export class FleetTableWriter {
  private readonly inserts = new Map<keyof FleetTables, { columns: string[]; statement: IndexStatement }>();
  private readonly deletes = new Map<keyof FleetTables, IndexStatement>();

  constructor(db: IndexConnection) {
    for (const name of FLEET_TABLE_NAMES) {
      const columns = columnsOf(name).map(([column]) => column);
      this.inserts.set(name, { columns, statement: db.prepare(`INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`) });
      this.deletes.set(name, db.prepare(`DELETE FROM ${name} WHERE data_dir = ? AND ${runColumn(name)} = ?`));
    }
  }

  /** Drop a run's rows from every table. */
  remove(dataDir: string, runId: string): void {
    for (const statement of this.deletes.values()) statement.run(dataDir, runId);
  }

  /** Add rows (a run's, after `remove`). */
  add(tables: FleetTables): void {
    for (const name of FLEET_TABLE_NAMES) {
      const { columns, statement } = this.inserts.get(name)!;
      for (const row of tables[name] as unknown as Record<string, unknown>[]) statement.run(...columns.map((column) => sqlValue(row[column])));
    }
  }
}

function sqlValue(value: unknown): SqliteParam {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}
