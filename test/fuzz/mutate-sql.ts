/**
 * Row-level mutations of a case's `events.db`, applied with a writable better-sqlite3
 * connection on a staging copy (never the fixtures): undecodable and hostile payloads,
 * hostile type names, broken sequences, wrong column types, schema drift.
 */
import type { Rng } from './prng';

/** The few better-sqlite3 methods the mutators use. */
export type WritableDb = {
  exec(sql: string): unknown;
  prepare(sql: string): { run(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
};

/** What a mutator may know about the case. */
export type SqlContext = { runIds: string[]; otherRunIds: string[] };

/** One row mutation: returns false when it did not apply (e.g. no rows). */
export type SqlMutation = { name: string; apply(db: WritableDb, rng: Rng, ctx: SqlContext): boolean };

type Row = { rowid: number; run_id: unknown; type: unknown; payload: unknown };

function someRows(db: WritableDb, rng: Rng, max = 4): Row[] {
  const rows = db.prepare('SELECT rowid, run_id, type, payload FROM events ORDER BY rowid').all() as Row[];
  if (rows.length === 0) return [];
  const count = rng.int(1, Math.min(max, rows.length));
  return Array.from({ length: count }, () => rng.pick(rows));
}

const setColumn = (db: WritableDb, column: string, rowid: number, value: unknown) =>
  db.prepare(`UPDATE events SET ${column} = ? WHERE rowid = ?`).run(value, rowid);

/** An invalid UTF-8 byte string (lone continuation, overlong, truncated sequences). */
function invalidUtf8(rng: Rng): Buffer {
  const bad = [[0xc3, 0x28], [0xa0, 0xa1], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0xbc], [0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80]];
  return Buffer.concat([Buffer.from('{"x":"'), Buffer.from(rng.pick(bad)), Buffer.from('"}')]);
}

/** JSON text nested `depth` levels (objects or arrays). */
export function deepJson(depth: number, rng: Rng): string {
  return rng.chance(0.5) ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Payload text of `row` with field `key` set to the raw JSON text `valueText`. */
function withField(row: Row, key: string, valueText: string): string {
  let base: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(String(row.payload));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) base = parsed;
  } catch {
    // keep the empty object
  }
  const marker = '"__FUZZ_MARKER__"';
  return JSON.stringify({ ...base, [key]: '__FUZZ_MARKER__' }).replace(marker, valueText);
}

const FIELD_KEYS = ['output', 'input', 'error', 'usage', 'stepPath', 'artifactRefs', 'outputRef', 'request', 'response', 'args', 'result', 'tags', 'label', 'callId', 'attempt', 'cycleNumber', 'parentRunId', 'outerLoopId', 'workflowVersionId'];
const HUGE_NUMBERS = ['1e308', '-1e308', '-0', '9007199254740993', '1e999', '-1e999', '4.9e-324', '123456789012345678901234567890'];
const HOSTILE_TYPES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'RunStarted\u0000x', 'harness.', 'harness.model.responded.x', 'Run\nCompleted', '\u202eRunCompleted', '<script>alert(1)</script>', 'x'.repeat(5000)];
const FORGED_REFS = ['artifact://art_../../../etc/passwd', 'artifact:///etc/passwd', '/etc/passwd', '../../../../etc/shadow', 'artifact://art_AAAAAAAAAAAAAAAA', 'artifact://', 'file:///etc/passwd'];

/** Every row mutation the fuzzer draws from. */
export const SQL_MUTATIONS: readonly SqlMutation[] = [
  { name: 'invalid-utf8-payload', apply: (db, rng) => each(someRows(db, rng), (r) => db.prepare('UPDATE events SET payload = CAST(? AS TEXT) WHERE rowid = ?').run(invalidUtf8(rng), r.rowid)) },
  { name: 'invalid-utf8-type', apply: (db, rng) => each(someRows(db, rng), (r) => db.prepare('UPDATE events SET type = CAST(? AS TEXT) WHERE rowid = ?').run(rng.bytes(rng.int(1, 12)), r.rowid)) },
  { name: 'random-payload-bytes', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, 'payload', r.rowid, rng.chance(0.5) ? rng.bytes(rng.int(0, 200)) : rng.bytes(rng.int(0, 200)).toString('latin1'))) },
  { name: 'deep-json-10000', apply: (db, rng) => each(someRows(db, rng, 2), (r) => setColumn(db, 'payload', r.rowid, rng.chance(0.3) ? deepJson(10_000, rng) : withField(r, rng.pick(FIELD_KEYS), deepJson(10_000, rng)))) },
  // Just under and just over the store's limit (src-main/sources/little-workflow/json-depth.ts): both must be handled.
  { name: 'deep-json-at-limit', apply: (db, rng) => each(someRows(db, rng, 2), (r) => setColumn(db, 'payload', r.rowid, withField(r, rng.pick(FIELD_KEYS), deepJson(rng.pick([997, 998, 1000, 1001]), rng)))) },
  { name: 'megabyte-strings', apply: (db, rng) => each(someRows(db, rng, 2), (r) => setColumn(db, rng.chance(0.8) ? 'payload' : 'type', r.rowid, rng.chance(0.8) ? withField(r, rng.pick(FIELD_KEYS), JSON.stringify('é'.repeat(rng.int(500_000, 1_500_000)))) : 'T'.repeat(1_100_000))) },
  { name: 'huge-numbers', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, 'payload', r.rowid, withField(r, rng.pick(FIELD_KEYS), rng.chance(0.5) ? rng.pick(HUGE_NUMBERS) : `{"inputTokens":${rng.pick(HUGE_NUMBERS)},"outputTokens":${rng.pick(HUGE_NUMBERS)},"costUsd":${rng.pick(HUGE_NUMBERS)}}`))) },
  { name: 'hostile-sequence-values', apply: (db, rng) => each(someRows(db, rng, 2), (r) => setColumn(db, 'sequence', r.rowid, rng.pick<unknown>([2 ** 53 + 1, 1e308, -0, -5, 0, 1.5, '9007199254740993', 'seven', Buffer.from([1, 2]), null]))) },
  { name: 'unknown-event-types', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, 'type', r.rowid, rng.pick(HOSTILE_TYPES))) },
  { name: 'wrong-column-types', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, rng.pick(['event_id', 'recorded_at', 'occurrence_id', 'type', 'payload']), r.rowid, rng.pick<unknown>([42, 1.5e300, null, Buffer.from('blob'), '', 'not-a-date', '2026-13-45T99:99:99Z'])) ) },
  { name: 'foreign-run-ids', apply: (db, rng, ctx) => each(someRows(db, rng), (r) => setColumn(db, 'run_id', r.rowid, rng.pick(['run_../../etc', '../../etc/passwd', 'run_x/../..', 'RUN_upper', '', ...ctx.otherRunIds, ...ctx.runIds]))) },
  { name: 'missing-sequences', apply: (db, rng) => each(someRows(db, rng, 6), (r) => db.prepare('DELETE FROM events WHERE rowid = ?').run(r.rowid)) },
  { name: 'duplicate-sequences', apply: (db, rng) => dropPrimaryKey(db) && each(someRows(db, rng), (r) => db.prepare('INSERT INTO events SELECT * FROM events WHERE rowid = ?').run(r.rowid)) },
  { name: 'forged-artifact-refs', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, 'payload', r.rowid, forgeRefs(r, rng))) },
  { name: 'proto-pollution-keys', apply: (db, rng) => each(someRows(db, rng), (r) => setColumn(db, 'payload', r.rowid, withField(r, rng.pick(['__proto__', 'constructor', 'prototype']), '{"polluted":true,"toString":1,"status":"completed"}'))) },
  { name: 'empty-table', apply: (db) => (db.exec('DELETE FROM events'), true) },
  { name: 'schema-drift', apply: (db, rng) => (db.exec(rng.pick(['ALTER TABLE events DROP COLUMN occurrence_id', 'ALTER TABLE events RENAME TO events_old', 'ALTER TABLE events ADD COLUMN extra BLOB', 'ALTER TABLE events RENAME COLUMN payload TO body', 'DROP TABLE events; CREATE VIEW events AS SELECT 1 AS run_id'])), true) },
];

function each(rows: Row[], fn: (row: Row) => unknown): boolean {
  for (const row of rows) fn(row);
  return rows.length > 0;
}

/** Rebuild the table without its primary key so duplicate sequences can exist. */
function dropPrimaryKey(db: WritableDb): boolean {
  db.exec('CREATE TABLE events_nopk AS SELECT * FROM events; DROP TABLE events; ALTER TABLE events_nopk RENAME TO events;');
  return true;
}

function forgeRefs(row: Row, rng: Rng): string {
  const text = String(row.payload);
  const forged = rng.pick(FORGED_REFS);
  if (text.includes('artifact://')) return text.replace(/artifact:\/\/[A-Za-z0-9_-]+/g, forged.replace(/[\\"]/g, ''));
  return withField(row, rng.pick(['outputRef', 'artifactRef', 'artifactRefs']), JSON.stringify(rng.chance(0.5) ? forged : [forged]));
}
