/**
 * The fleet's tables as Parquet files (hyparquet-writer): one file per table, snake_case columns
 * as in table-rows.ts, times as UTC timestamps (ms), costs as nullable doubles. Every column's
 * Parquet type is declared per table in table-schemas.ts; the mapped types make a new column a
 * compile error until it has one.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Redactor } from '../../shared/redact/redaction-types';
import { parseTime } from '../../shared/timeline/time-axis';
import type { FleetTables } from './table-rows';
import { PARQUET_SCHEMAS, type ParquetColumnType } from './table-schemas';

export { PARQUET_SCHEMAS, PARQUET_TABLES, type ParquetColumnType } from './table-schemas';

/** Columns never redacted: keys that join the tables and closed vocabularies (a secret cannot be there). */
const NOT_REDACTED = new Set(['data_dir', 'run_id', 'session_id', 'source', 'status', 'event_type', 'price_table', 'price_key', 'attempt_id']);

/** One table as a Parquet file; with `redactor`, every free-text column redacted (`where`: `table.column`). */
export function tableToParquet<K extends keyof FleetTables>(name: K, rows: FleetTables[K], redactor?: Redactor): Uint8Array {
  const schema = PARQUET_SCHEMAS[name] as Record<string, ParquetColumnType>;
  const columnData = Object.entries(schema).map(([column, type]) => {
    const redact = redactor !== undefined && type === 'STRING' && !NOT_REDACTED.has(column);
    const data = (rows as readonly Record<string, unknown>[]).map((row) => {
      const value = cell(row[column], type);
      return redact && typeof value === 'string' ? redactor.text(value, `${name}.${column}`) : value;
    });
    return { name: column, type, data, nullable: true };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData, createdBy: 'little-inspector export-fleet' }));
}

// A row value as its column's Parquet value (null where it has none or does not fit the type).
function cell(value: unknown, type: ParquetColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'TIMESTAMP': {
      const ms = typeof value === 'string' ? parseTime(value) : null;
      return ms === null ? null : new Date(ms);
    }
    case 'INT64':
      // A hostile log can hold a sequence past 2^53 or a fraction: no Parquet integer says it truly.
      return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : null;
    case 'DOUBLE':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : null;
    case 'STRING':
      return typeof value === 'string' ? value : String(value);
  }
}
