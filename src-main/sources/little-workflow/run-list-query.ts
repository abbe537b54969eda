/**
 * The run list straight from SQL aggregates: one pass over `events` grouped by run, plus
 * primary-key lookups per run, so a data dir with huge runs lists in milliseconds and no
 * run is ever folded here.
 */
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import type { RunStatus } from '../../../shared/library';
import { columnText } from './event-rows';
import type { SqliteRow } from './sqlite-driver';
import type { RunAggregate } from './store-types';

/**
 * Metadata comes from the first RunStarted, else the first harness session start; only
 * payloads that pass `json_valid` are looked at, so one corrupt payload cannot make
 * `json_extract` abort the whole query.
 */
const runListSql = (where: string) => `
WITH runs AS (
  SELECT run_id, COUNT(*) AS event_count, MIN(sequence) AS min_seq, MAX(sequence) AS max_seq
  FROM events ${where}GROUP BY run_id
), meta AS (
  SELECT runs.*, COALESCE(
    (SELECT payload FROM events e WHERE e.run_id = runs.run_id AND e.type = 'RunStarted'
       AND json_valid(e.payload) ORDER BY e.sequence LIMIT 1),
    (SELECT payload FROM events e WHERE e.run_id = runs.run_id
       AND e.type IN ('harness.session.started', 'HarnessSessionStarted')
       AND json_valid(e.payload) ORDER BY e.sequence LIMIT 1)) AS meta_json
  FROM runs
)
SELECT
  run_id, event_count, max_seq,
  (SELECT recorded_at FROM events e WHERE e.run_id = meta.run_id AND e.sequence = meta.min_seq) AS first_recorded_at,
  (SELECT recorded_at FROM events e WHERE e.run_id = meta.run_id AND e.sequence = meta.max_seq) AS last_recorded_at,
  (SELECT type FROM events e WHERE e.run_id = meta.run_id AND e.sequence = meta.max_seq) AS last_type,
  (SELECT type FROM events e WHERE e.run_id = meta.run_id
     AND e.type IN ('RunStarted', 'RunCompleted', 'RunFailed') ORDER BY e.sequence DESC LIMIT 1) AS status_type,
  CASE WHEN json_type(meta_json, '$.parentRunId') = 'text' THEN json_extract(meta_json, '$.parentRunId') END AS parent_run_id,
  CASE WHEN json_type(meta_json, '$.outerLoopId') = 'text' THEN json_extract(meta_json, '$.outerLoopId') END AS outer_loop_id,
  CASE WHEN json_type(meta_json, '$.workflowVersionId') = 'text' THEN json_extract(meta_json, '$.workflowVersionId') END AS workflow_version_id,
  CASE WHEN json_type(meta_json, '$.label') = 'text' THEN json_extract(meta_json, '$.label') END AS label,
  CASE WHEN json_type(meta_json, '$.tags') = 'array' THEN json_extract(meta_json, '$.tags') END AS tags_json
FROM meta
ORDER BY run_id`;

export const RUN_LIST_SQL = runListSql('');

/**
 * RUN_LIST_SQL for some runs only, named by one JSON array parameter: their rows are the whole
 * list's (each row is its run's alone), found through the primary key (run_id, sequence), so a
 * live update of one run of a big data dir does not list every run (fleet/index-build.ts).
 */
export const SOME_RUNS_LIST_SQL = runListSql('WHERE run_id IN (SELECT value FROM json_each(?))\n  ');

/** Map the status-bearing event type to the run status little-workflow's fold would give. */
export function statusFromType(type: unknown): RunStatus {
  switch (type) {
    case 'RunStarted':
      return 'running';
    case 'RunCompleted':
      return 'completed';
    case 'RunFailed':
      return 'failed';
    default:
      return 'pending';
  }
}

/** Turn RUN_LIST_SQL rows into aggregates, leaving out (and reporting) invalid run ids. */
export function aggregatesFromRows(rows: Iterable<SqliteRow>, path: string): { runs: RunAggregate[]; diagnostics: Diagnostic[] } {
  const runs: RunAggregate[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const row of rows) {
    const runId = row.run_id;
    if (typeof runId !== 'string' || !RUN_ID_PATTERN.test(runId)) {
      diagnostics.push(
        diagnostic(
          'invalid-run-id',
          `${Number(row.event_count)} event(s) have run id ${JSON.stringify(columnText(runId))}, which little-workflow would reject; they are not listed`,
          { severity: 'warning', path, detail: { runId: columnText(runId), eventCount: Number(row.event_count) } },
        ),
      );
      continue;
    }
    runs.push({
      runId,
      eventCount: Number(row.event_count),
      maxSequence: Number(row.max_seq),
      firstRecordedAt: columnText(row.first_recorded_at),
      lastRecordedAt: columnText(row.last_recorded_at),
      lastEventType: columnText(row.last_type),
      status: statusFromType(row.status_type),
      parentRunId: textOrNull(row.parent_run_id),
      outerLoopId: textOrNull(row.outer_loop_id),
      workflowVersionId: textOrNull(row.workflow_version_id),
      label: textOrNull(row.label),
      tags: tagsFrom(row.tags_json),
    });
  }
  return { runs, diagnostics };
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function tagsFrom(json: unknown): string[] {
  if (typeof json !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}
