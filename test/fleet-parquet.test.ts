/**
 * `little-inspector export-fleet --format parquet`: the files read back with an independent
 * reader (DuckDB, a C++ Parquet implementation, through the same SQL the docs give) equal the
 * fleet's rows column for column, with typed timestamps and nullable costs; `--redact` leaves no
 * planted secret in any column; nothing is written inside a data dir.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { PARQUET_SCHEMAS, PARQUET_TABLES } from '../src-main/fleet/parquet-tables';
import { readSnapshotTables, type FleetTables } from '../src-main/fleet/run-tables';
import { loadLibrary } from '../src-main/library/load-library';
import { PLANTED_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import { EXAMPLES } from './support/fixture-manifest';
import { plantedLeaks } from './support/planted-leaks';
import { cli } from './support/run-cli-captured';

const ROOT = join(EXAMPLES, 'fixtures');
let out: string;
let db: DuckDBConnection;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'li-parquet-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => {
  db.closeSync();
  rmSync(out, { recursive: true, force: true });
});

function expectedTables(): FleetTables {
  const loaded = loadLibrary(ROOT, BUNDLED_PRICE_TABLE);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return readSnapshotTables(loaded.value, BUNDLED_PRICE_TABLE).tables;
}

/** Every row of `<dir>/<name>.parquet` as DuckDB reads it: timestamps as epoch ms, integers as numbers. */
async function readBack(dir: string, name: keyof FleetTables): Promise<Record<string, unknown>[]> {
  const columns = Object.entries(PARQUET_SCHEMAS[name] as Record<string, string>).map(([column, type]) =>
    type === 'TIMESTAMP' ? `CAST(epoch_ms("${column}") AS DOUBLE) AS "${column}"` : type === 'INT64' ? `CAST("${column}" AS DOUBLE) AS "${column}"` : `"${column}"`,
  );
  const reader = await db.runAndReadAll(`SELECT ${columns.join(', ')} FROM read_parquet('${join(dir, `${name}.parquet`)}')`);
  return reader.getRowObjectsJson() as Record<string, unknown>[];
}

/** A row as DuckDB gives it back: ISO times as epoch ms. */
function asRead(name: keyof FleetTables, row: object): Record<string, unknown> {
  const schema = PARQUET_SCHEMAS[name] as Record<string, string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, schema[k] === 'TIMESTAMP' && typeof v === 'string' ? Date.parse(v) : v]));
}

describe('export-fleet --format parquet', () => {
  it('writes every table, read back by DuckDB equal to the rows', async () => {
    const dir = join(out, 'plain');
    const run = await cli('export-fleet', '--format', 'parquet', '-o', dir, '--data-dir', ROOT);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(PARQUET_TABLES.map((t) => `${t}.parquet`).sort());
    const expected = expectedTables();
    for (const name of PARQUET_TABLES) {
      const rows = await readBack(dir, name);
      expect(rows.length).toBe(expected[name].length);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(expected[name].map((row) => asRead(name, row)));
    }
    // Typed columns a warehouse sees: timestamps, nullable doubles for cost.
    const types = (await db.runAndReadAll(`DESCRIBE SELECT started_at, cost_usd, crashed, event_count FROM read_parquet('${join(dir, 'runs.parquet')}')`)).getRowObjectsJson();
    expect(types.map((t) => t.column_type)).toEqual(['TIMESTAMP', 'DOUBLE', 'BOOLEAN', 'BIGINT']);
    const unpriced = (await db.runAndReadAll(`SELECT count(*) AS n FROM read_parquet('${join(dir, 'model_calls.parquet')}') WHERE cost_usd IS NULL AND NOT priced`)).getRowObjectsJson();
    expect(Number(unpriced[0].n)).toBe(expected.model_calls.filter((c) => c.cost_usd === null).length);
    expect(Number(unpriced[0].n)).toBeGreaterThan(0);
  });

  it('runs the README snippet: one DuckDB query joining the files', async () => {
    const dir = join(out, 'plain');
    const sql = `SELECT r.workflow_version, count(DISTINCT r.run_id) AS runs, sum(m.cost_usd) AS cost
      FROM read_parquet('${dir}/runs.parquet') r LEFT JOIN read_parquet('${dir}/model_calls.parquet') m USING (data_dir, run_id)
      GROUP BY 1 ORDER BY 1`;
    const rows = (await db.runAndReadAll(sql)).getRowObjectsJson();
    const expected = expectedTables();
    expect(rows.reduce((s, r) => s + Number(r.runs), 0)).toBe(expected.runs.length);
  });

  it('--redact leaves no planted secret in any column', async () => {
    const plain = join(out, 'plain');
    const dir = join(out, 'redacted');
    const run = await cli('export-fleet', '--format', 'parquet', '-o', dir, '--data-dir', ROOT, '--redact');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/redact/i);
    const text = async (d: string) => JSON.stringify(await Promise.all(PARQUET_TABLES.map((name) => readBack(d, name))));
    const builtIn = new Set(PLANTED_SECRETS.map((p) => p.rule));
    const before = plantedLeaks(await text(plain)).filter((rule) => builtIn.has(rule));
    // The fixture plants secrets in labels and error messages: the plain export carries some.
    expect(before.length).toBeGreaterThan(0);
    expect(plantedLeaks(await text(dir)).filter((rule) => builtIn.has(rule))).toEqual([]);
    expect(await text(dir)).toContain('[redacted: ');
  });

  it('refuses an output inside a data dir and writes nothing there', async () => {
    const inside = join(ROOT, 'clean', '.little-workflow', 'exports');
    const run = await cli('export-fleet', '--format', 'parquet', '-o', inside, '--data-dir', ROOT);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('inside the data dir');
    expect(existsSync(inside)).toBe(false);
  });

  it('says what is wrong with its arguments and an unwritable output', async () => {
    expect((await cli('export-fleet', '-o', join(out, 'x'), '--data-dir', ROOT)).code).toBe(1);
    expect((await cli('export-fleet', '--format', 'csv', '-o', join(out, 'x'), '--data-dir', ROOT)).stderr).toContain('--format must be parquet');
    expect((await cli('export-fleet', '--format', 'parquet', '--data-dir', ROOT)).stderr).toContain('-o <dir> is required');
    const file = join(out, 'a-file');
    writeFileSync(file, 'x');
    const blocked = await cli('export-fleet', '--format', 'parquet', '-o', join(file, 'sub'), '--data-dir', ROOT);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).not.toContain('ENOTDIR:');
    expect((await cli('export-fleet', '--format', 'parquet', '-o', join(out, 'y'), '--data-dir', join(ROOT, 'none'))).code).toBe(2);
  });
});
