/**
 * The behaviour scan's read of a run (`DataDirReader.readForScan`): only the rows of the types a
 * scanner reads cross into JS, a page at a time, with the columns the scan uses; every other row
 * (a third of a 200,000-event run: execute_step records, StepScheduled) stays in SQLite, and only
 * its time comes across, all the run's `recorded_at` joined into one text (docs/SCAN.md "Speed").
 * Those rows' payloads are neither sent nor validated: no scanner reads them, and their time is
 * the log's whatever they hold.
 *
 * Exact only where every row can be placed without reading it: the sequences proven to be
 * 1 .. through (unread-rows.ts `sequenceProofSql`) and every `recorded_at` a text of 24 bytes
 * (what `Date#toISOString` writes), so the joined text splits back into the rows' own times.
 * Otherwise the answer is `fallback` and the caller reads the log row by row, as before.
 */
import { LEGACY_HARNESS_EVENT_TYPES } from '../../../shared/events/event-names';
import type { ScanInput } from '../../../shared/scan/run-scan';
import { columnText, parsePayloadText } from './event-rows';
import { SLICE } from './in-slices';
import { oneShot } from './one-shot-statements';
import { runRows } from './paged-rows';
import { sequenceProofSql, typeList } from './unread-rows';
import type { SqliteConnection } from './sqlite-driver';

const MODEL_CALLED_TYPES = ['harness.model.called', ...[...LEGACY_HARNESS_EVENT_TYPES].filter(([, dotted]) => dotted === 'harness.model.called').map(([legacy]) => legacy)];

/** Characters of one `recorded_at` in the joined text. */
export const TIME_WIDTH = 24;

/**
 * What `readForScan` yields: first `times` (every row's recorded_at in (0, through], TIME_WIDTH
 * characters each, in sequence order) or `fallback`; then the rows of the asked types a page at
 * a time (rows whose payload does not decode are left out: the integrity check reports them).
 */
export type ScanReadItem = { times: string; through: number } | { fallback: true } | { rows: ScanInput[] };

/** Every row's time joined, and whether each is a text of TIME_WIDTH bytes. Binds the run and upto. */
const TIMES_SQL =
  `SELECT group_concat(recorded_at, '') AS t, sum(typeof(recorded_at) = 'text' AND octet_length(recorded_at) = ${TIME_WIDTH}) AS fit, count(*) AS n ` +
  'FROM (SELECT recorded_at FROM events WHERE run_id = ? AND sequence > 0 AND sequence <= ? ORDER BY sequence ASC)';

/**
 * The model requests that may be sent again: little-workflow's repeat rule (shared/scan/
 * repeated-model-requests.ts) needs three sends of one request (canonical JSON of its model,
 * messages and tools) at one place, so SQLite counts the sends of each coarser key — the step
 * path a place is named by (none for a planner or orchestrator session), the model, how many
 * messages and tools — and names the sends whose key has fewer than three: equal requests at one
 * place always share that key, whatever the spelling of their JSON. So the scan hashes only the
 * requests that can repeat (on the 200,000-event run: none of 22,221). A payload SQLite cannot
 * read is always named a candidate. Binds the run and upto.
 */
const LONE_REQUESTS_SQL = `SELECT group_concat(sequence) AS s FROM (
  SELECT sequence, count(*) OVER (PARTITION BY b, m, ml, tl) AS c FROM (
    SELECT sequence,
      CASE WHEN json_type(payload, '$.stepPath') = 'text' THEN payload ->> '$.stepPath' WHEN json_type(payload, '$.scope') = 'object' AND json_type(payload, '$.scope.stepPath') = 'text' THEN payload ->> '$.scope.stepPath' END AS b,
      payload ->> '$.request.model' AS m,
      coalesce(json_array_length(payload, '$.request.messages'), 0) AS ml,
      coalesce(json_array_length(payload, '$.request.tools'), 0) AS tl
    FROM events WHERE run_id = ? AND sequence > 0 AND sequence <= ? AND type IN (${typeList(MODEL_CALLED_TYPES)}) AND typeof(payload) = 'text' AND json_valid(payload)
  )
) WHERE c < 3`;

function rowsSql(types: readonly string[]): string {
  return `SELECT sequence, type, payload FROM events WHERE run_id = ? AND sequence > ? AND sequence <= ? AND type IN (${typeList(types)}) ORDER BY sequence ASC`;
}

/**
 * The scan's read of `runId` through `upto` on one connection (a frozen snapshot: every
 * statement sees the same rows). `uniqueSequences` and `paged` as the reader knows them.
 */
export function* scanRows(connection: SqliteConnection, runId: string, upto: number, types: readonly string[], uniqueSequences: boolean, paged: boolean): Generator<ScanReadItem> {
  const bound = Math.min(upto, Number.MAX_SAFE_INTEGER);
  const proof = oneShot(connection, sequenceProofSql(' AND sequence <= ?', uniqueSequences)).get(1, runId, 0, bound);
  const through = proof?.whole === 1 ? Number(proof.through) : null;
  const times = through === null ? undefined : oneShot(connection, TIMES_SQL).get(runId, bound);
  const text = times === undefined ? '' : columnText(times.t);
  if (through === null || times === undefined || times.fit !== times.n || text.length !== through * TIME_WIDTH) {
    yield { fallback: true };
    return;
  }
  yield { times: text, through };
  const listed = oneShot(connection, LONE_REQUESTS_SQL).get(runId, through)?.s;
  const lone = new Set(typeof listed === 'string' ? listed.split(',').map(Number) : []);
  let page: ScanInput[] = [];
  for (const row of runRows(connection, rowsSql(types), [runId, 0, through], paged)) {
    let payload: unknown;
    try {
      payload = parsePayloadText(columnText(row[2]));
    } catch {
      continue;
    }
    const sequence = Number(row[0]);
    page.push(lone.has(sequence) ? { sequence, type: columnText(row[1]), payload, loneRequest: true } : { sequence, type: columnText(row[1]), payload });
    if (page.length === SLICE) {
      yield { rows: page };
      page = [];
    }
  }
  if (page.length > 0) yield { rows: page };
}
