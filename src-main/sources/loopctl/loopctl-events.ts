/**
 * The events list (`run.slice` events) and `run.event` for loopctl runs: the run's ledger records
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
import { matches, MAX_EVENT_ROWS } from '../event-filter';

/** Data dirs whose records are kept (the events tab looks at one run at a time). */
const DIR_CACHE_LIMIT = 2;

// Contained stats: a ledger symlinked out of the folder is not even stat'ed.
function ledgerStamp(dataDir: string): string {
  return LOOPCTL_FILES.map((file) => fileStamp(statContained(dataDir, join(dataDir, file)))).join('|');
}

/**
 * The records of loopctl runs, served as events. The events tab pages through a run a few
 * hundred rows at a time: the ledgers are read and folded once per change of the files (size,
 * mtime, inode), not once per page. Owned by the loopctl source (one per registry).
 */
export class LoopctlRecordCache {
  private readonly cache = new Map<string, { stamp: string; runs: Map<string, RunRecord[]> }>();

  /** Every record of `runId`, in order (its events.jsonl lines, then its trajectory record). */
  records(dataDir: string, runId: string): Result<RunRecord[]> {
    const stamp = ledgerStamp(dataDir);
    let hit = this.cache.get(dataDir);
    if (hit?.stamp !== stamp) {
      hit = { stamp, runs: readAllRunRecords(dataDir) };
      this.cache.delete(dataDir);
      this.cache.set(dataDir, hit);
      while (this.cache.size > DIR_CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
    }
    const found = hit.runs.get(runId);
    return found === undefined ? fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir })) : ok(found);
  }

  /** Rows `fromSequence…` (at most `limit`) of a loopctl run. */
  eventRows(dataDir: string, runId: string, fromSequence: number, limit: number): Result<EventRow[]> {
    const all = this.records(dataDir, runId);
    if (!all.ok) return all;
    const from = Math.max(1, fromSequence);
    const picked = all.value.slice(from - 1, from - 1 + Math.min(limit, MAX_EVENT_ROWS));
    return ok(picked.map((r, i) => recordRow(r.ref, from + i, jsonSize(plainRecord(r.value)))));
  }

  /** Sequences of the records matching `filter` (a loopctl record has no step path or caller). */
  eventIndex(dataDir: string, runId: string, filter: EventFilterSpec): Result<number[]> {
    const all = this.records(dataDir, runId);
    if (!all.ok) return all;
    return ok(all.value.flatMap((r, i) => (matches(recordRow(r.ref, i + 1, 0), filter) ? [i + 1] : [])));
  }

  /** One record in full: an envelope whose payload is the line's JSON object. */
  event(dataDir: string, runId: string, sequence: number): Result<{ event: EventEnvelope | null; rawPayload: string | null }> {
    const all = this.records(dataDir, runId);
    if (!all.ok) return all;
    const record = all.value[sequence - 1];
    if (record === undefined) return fail(diagnostic('invalid-argument', `Run ${runId} has no event ${sequence}`, { runId, sequence }));
    return ok({ event: recordEnvelope(runId, sequence, record), rawPayload: null });
  }

  /** Forget every data dir's records. */
  clear(): void {
    this.cache.clear();
  }
}

/** A record as an envelope: its place in the run is its sequence, the line's JSON its payload. */
export function recordEnvelope(runId: string, sequence: number, record: RunRecord): EventEnvelope {
  return { eventId: recordEventId(record.ref), runId, sequence, type: record.ref.type, recordedAt: record.ref.recordedAt, payload: plainRecord(record.value) };
}
