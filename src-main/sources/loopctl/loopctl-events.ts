/**
 * `run.events`, `run.eventIndex` and `run.event` for loopctl runs: the run's ledger records
 * as events (sequence = the record's place in the run, type = its kind, no step path,
 * callId = `tool_call_id`), and one record in full as the payload, its u64s as exact text.
 */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { plainRecord, recordEventId, recordRow } from '../../../shared/loopctl/run-records';
import { jsonSize } from '../../../shared/run/json-preview';
import type { EventFilterSpec, EventRow } from '../../../shared/run/run-detail-types';
import { join } from 'node:path';
import { readAllRunRecords, type RunRecord } from './loopctl-records';
import { LOOPCTL_FILES } from './loopctl-reader';
import { fileStamp, statContained } from '../fs/safe-paths';
import { matches, MAX_EVENT_ROWS } from '../little-workflow/run-events';

// The events tab pages through a run a few hundred rows at a time: the ledgers are read and
// folded once per change of the files (size, mtime, inode), not once per page.
const DIR_CACHE_LIMIT = 2;
const cache = new Map<string, { stamp: string; runs: Map<string, RunRecord[]> }>();

// Contained stats: a ledger symlinked out of the folder is not even stat'ed.
function ledgerStamp(dataDir: string): string {
  return LOOPCTL_FILES.map((file) => fileStamp(statContained(dataDir, join(dataDir, file)))).join('|');
}

function records(dataDir: string, runId: string): Result<RunRecord[]> {
  const stamp = ledgerStamp(dataDir);
  let hit = cache.get(dataDir);
  if (hit?.stamp !== stamp) {
    hit = { stamp, runs: readAllRunRecords(dataDir) };
    cache.delete(dataDir);
    cache.set(dataDir, hit);
    while (cache.size > DIR_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  }
  const found = hit.runs.get(runId);
  return found === undefined ? fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir })) : ok(found);
}

/** Rows `fromSequence…` (at most `limit`) of a loopctl run. */
export function loopctlEventRows(dataDir: string, runId: string, fromSequence: number, limit: number): Result<EventRow[]> {
  const all = records(dataDir, runId);
  if (!all.ok) return all;
  const from = Math.max(1, fromSequence);
  const picked = all.value.slice(from - 1, from - 1 + Math.min(limit, MAX_EVENT_ROWS));
  return ok(picked.map((r, i) => recordRow(r.ref, from + i, jsonSize(plainRecord(r.value)))));
}

/** Sequences of the records matching `filter` (a loopctl record has no step path or caller). */
export function loopctlEventIndex(dataDir: string, runId: string, filter: EventFilterSpec): Result<number[]> {
  const all = records(dataDir, runId);
  if (!all.ok) return all;
  return ok(all.value.flatMap((r, i) => (matches(recordRow(r.ref, i + 1, 0), filter) ? [i + 1] : [])));
}

/** One record in full: an envelope whose payload is the line's JSON object. */
export function loopctlEvent(dataDir: string, runId: string, sequence: number): Result<{ event: EventEnvelope | null; rawPayload: string | null }> {
  const all = records(dataDir, runId);
  if (!all.ok) return all;
  const record = all.value[sequence - 1];
  if (record === undefined) return fail(diagnostic('invalid-argument', `Run ${runId} has no event ${sequence}`, { runId, sequence }));
  return ok({
    event: { eventId: recordEventId(record.ref), runId, sequence, type: record.ref.type, recordedAt: record.ref.recordedAt, payload: plainRecord(record.value) },
    rawPayload: null,
  });
}
