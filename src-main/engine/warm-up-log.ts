/**
 * The warm-up log a fresh worker folds before anyone asks (fold-warm-up.ts): a bundled example,
 * made at build time by the fixture writer (scripts/build/warm-up-log.ts) and emitted beside the
 * worker's bundle. Here it is only read: production writes no log of its own. Where the file is
 * missing (the worker run from source under tsx) or is not one, there is no warm-up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The file's name beside the main build's bundles. */
export const WARM_UP_LOG_FILE = 'warm-up-log.ndjson.gz';

/** A row as the reader selects it: sequence, event id, type, occurrence id, recorded at, payload text. */
export type WarmUpRow = [number, string, string, string | null, string, string];

/** The log's first line. */
export type WarmUpHeader = { runId: string };

/** The warm-up run: its id and rows, in sequence order. */
export type WarmUpLog = WarmUpHeader & { rows: WarmUpRow[] };

/** The log in `bytes` (gzipped NDJSON: the header, then one row a line), or null when it is not one. */
export function parseWarmUpLog(bytes: Buffer): WarmUpLog | null {
  try {
    const [first, ...lines] = gunzipSync(bytes).toString('utf8').split('\n');
    const header = JSON.parse(first) as Partial<WarmUpHeader>;
    const rows = lines.map((line) => JSON.parse(line) as WarmUpRow);
    if (typeof header.runId !== 'string' || rows.length === 0 || !rows.every(isRow)) return null;
    return { runId: header.runId, rows };
  } catch {
    return null;
  }
}

/** The log emitted into `dir` (the bundle's folder), or null. */
export function readWarmUpLog(dir: string): WarmUpLog | null {
  try {
    return parseWarmUpLog(readFileSync(join(dir, WARM_UP_LOG_FILE)));
  } catch {
    return null;
  }
}

function isRow(row: unknown): row is WarmUpRow {
  if (!Array.isArray(row) || row.length !== 6) return false;
  const [sequence, eventId, type, occurrenceId, recordedAt, payload] = row as unknown[];
  const text = (value: unknown) => typeof value === 'string';
  return Number.isSafeInteger(sequence) && text(eventId) && text(type) && (occurrenceId === null || text(occurrenceId)) && text(recordedAt) && text(payload);
}
