/**
 * The ledger records of each loopctl run, in the order the events tab and the live feed
 * number them: the run's events.jsonl lines in file order (1, 2, …), then its trajectory.jsonl
 * record, if one was matched. A record's event id is `<file>:<line>`.
 */
import type { EventRow } from '../run/run-detail-types';
import type { LoopctlLedgers } from './fold-ledgers';
import type { LedgerFile } from './ledger-parser';
import type { LoopctlRun, TrajectoryRecord } from './loopctl-types';
import { isBigIntText } from './lossless-json';
import { loopctlRunId, segmentEvents } from './segment-events';

/** Event type of a trajectory.jsonl record in the events list. */
export const TRAJECTORY_RECORD_TYPE = 'trajectory.record';

/** One ledger record of a run, without its body. */
export type RunRecordRef = {
  file: LedgerFile;
  line: number;
  /** The events.jsonl `kind` (a newer kind's own label), or `trajectory.record`. */
  type: string;
  /** events.jsonl `ts`; for a trajectory record, `started_at + duration_ms` (when it was written). */
  recordedAt: string;
  callId?: string;
};

/** The event id of a record: `events.jsonl:12`. */
export function recordEventId(ref: Pick<RunRecordRef, 'file' | 'line'>): string {
  return `${ref.file}:${ref.line}`;
}

/** A fingerprint that changes when the line at the same place was rewritten. */
export function recordKey(ref: RunRecordRef): string {
  return `${recordEventId(ref)}\u0000${ref.type}\u0000${ref.recordedAt}`;
}

/** Records of every run of `runs` (folded from `ledgers`), keyed by run id. */
export function indexRunRecords(ledgers: LoopctlLedgers, runs: readonly LoopctlRun[]): Map<string, RunRecordRef[]> {
  const index = new Map<string, RunRecordRef[]>();
  for (const segment of segmentEvents(ledgers.events)) {
    const refs = segment.events.map((e): RunRecordRef => {
      const callId = e.kind === 'tool.call' || e.kind === 'tool.result' ? e.toolCallId : undefined;
      return { file: 'events.jsonl', line: e.line, type: e.kind === 'unknown' ? e.label : e.kind, recordedAt: e.ts, ...(callId !== undefined ? { callId } : {}) };
    });
    index.set(loopctlRunId(segment.sessionId, segment.ordinal), refs);
  }
  const byUuid = new Map<string, TrajectoryRecord[]>();
  for (const record of ledgers.records) byUuid.set(record.runId, [...(byUuid.get(record.runId) ?? []), record]);
  for (const run of runs) {
    const refs = index.get(run.id) ?? [];
    index.set(run.id, refs);
    if (run.trajectoryRunId === null) continue;
    const record = byUuid.get(run.trajectoryRunId)?.shift();
    if (record !== undefined) refs.push({ file: 'trajectory.jsonl', line: record.line, type: TRAJECTORY_RECORD_TYPE, recordedAt: writtenAt(record) });
  }
  return index;
}

/** How many records `indexRunRecords` gives a run: its events.jsonl lines plus its trajectory record. */
export function runRecordCount(run: LoopctlRun): number {
  return run.eventCount + (run.trajectoryRunId !== null ? 1 : 0);
}

/** The events-list row of the record at 1-based `sequence`, sized by its JSON text. */
export function recordRow(ref: RunRecordRef, sequence: number, payloadChars: number): EventRow {
  return { sequence, type: ref.type, recordedAt: ref.recordedAt, eventId: recordEventId(ref), ...(ref.callId !== undefined ? { callId: ref.callId } : {}), payloadChars };
}

/** A parsed line with every unsafe integer as its exact decimal text (a JSON string). */
export function plainRecord(value: unknown): unknown {
  if (isBigIntText(value)) return Object.values(value)[0];
  if (Array.isArray(value)) return value.map(plainRecord);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = plainRecord(item);
  return out;
}

/** When a trajectory record was written: its run's start plus its duration, in whole seconds. */
function writtenAt(record: TrajectoryRecord): string {
  const start = Date.parse(record.startedAt);
  if (Number.isNaN(start)) return record.startedAt;
  return new Date(start + record.durationMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
