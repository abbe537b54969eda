/**
 * The SQL that keeps payloads a consumer does not read out of JS (shared/events/payload-needs.ts):
 * as a NULL column (`readEvents` with needs), or, when SQLite can prove which sequences the rows
 * hold, as whole rows left out (`readEventsSparse`, store-types.ts SparseMark). On a 200,000-event
 * run `little-inspector report` then crosses 89,000 rows into JS instead of 200,000.
 */
import type { PayloadNeeds } from '../../../shared/events/payload-needs';
import type { SqliteConnection } from './sqlite-driver';

const typeListCache = new WeakMap<readonly string[], string>();

/** The types `read` as a list of SQL string literals, one text per list. */
export function typeList(read: readonly string[]): string {
  let list = typeListCache.get(read);
  if (list === undefined) {
    list = read.map((type) => `'${type.replaceAll("'", "''")}'`).join(', ');
    typeListCache.set(read, list);
  }
  return list;
}

/**
 * The SQL condition true of a row whose payload a consumer reading only the types `read` does not
 * read and SQLite finds a valid JSON object: a type outside `read`, text starting with '{',
 * json_valid (RFC 8259, nesting at most 1000 levels like shared/json-depth.ts) and no NUL (which
 * json_valid takes for the end of the text and JSON.parse refuses). payload-needs.test.ts holds
 * the texts where the two parsers could differ. Anything else (another type, not text, not an
 * object, not valid) is read and decoded as ever, so a bad row fails the same way.
 * The NUL test: `length` counts the characters before the first NUL and `octet_length` every
 * byte, so equal means no NUL (and, in UTF-8, one byte per character); only a text with wider
 * characters pays instr's scan. On the 200,000-event run's 111,000 unread payloads (44 MB, all
 * ASCII) that halves the test's cost (~60 ms to ~30 ms of the SELECT's ~300 ms).
 */
export function unreadObject(read: readonly string[]): string {
  return `type NOT IN (${typeList(read)}) AND typeof(payload) = 'text' AND substr(payload, 1, 1) = '{' AND json_valid(payload) AND (length(payload) = octet_length(payload) OR instr(payload, char(0)) = 0)`;
}

/**
 * The payload column(s) for `needs`: every payload by default; with needs, an unread object's
 * payload is left out (NULL), so it is neither sent across nor parsed, and `payload_null` tells a
 * left-out payload from a NULL one.
 */
export function payloadColumns(needs: PayloadNeeds): string {
  if (needs.types === null) return 'payload';
  return `CASE WHEN ${unreadObject(needs.types)} THEN NULL ELSE payload END AS payload, payload IS NULL AS payload_null`;
}

/**
 * Whether a run's rows in (after, upto] are exactly the sequences after + 1 .. through (the
 * `through` column): whole numbers (INTEGER, within JS's safe integers), none repeated (counted
 * unless a unique index on (run_id, sequence) says so), none missing, in SQLite's integer
 * arithmetic. `range`: '' or ' AND sequence <= ?'. Binds after + 1, the run, after and upto.
 */
export function sequenceProofSql(range: string, uniqueSequences: boolean): string {
  const distinct = uniqueSequences ? '' : ' AND count(DISTINCT sequence) = count(*)';
  return (
    'SELECT max(sequence) AS through, (count(*) > 0 AND min(sequence) = ? AND max(sequence) <= 9007199254740991 ' +
    `AND sum(typeof(sequence) <> 'integer') = 0 AND max(sequence) - min(sequence) + 1 = count(*)${distinct}) AS whole ` +
    `FROM events WHERE run_id = ? AND sequence > ?${range}`
  );
}

/**
 * True when a unique index over exactly (run_id, sequence), not partial, holds the events table
 * (little-workflow's PRIMARY KEY): no run can then repeat a sequence, and the proof needs no
 * count of distinct sequences (half its cost on a 200,000-event run).
 */
export function hasUniqueSequences(connection: SqliteConnection): boolean {
  const indexes = [...connection.prepare(`SELECT name FROM pragma_index_list('events') WHERE "unique" = 1 AND partial = 0`).iterate()];
  for (const index of indexes) {
    const columns = [...connection.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').iterate(String(index.name))].map((row) => row.name);
    if (columns.length === 2 && columns[0] === 'run_id' && columns[1] === 'sequence') return true;
  }
  return false;
}
