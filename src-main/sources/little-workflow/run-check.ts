/**
 * All integrity findings of one run: the pure log checks of shared/fold/integrity plus the
 * artifact checks that need the disk. Never throws; everything is a Diagnostic.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { integrityFindings, type UndecodableRow } from '../../../shared/fold/integrity/integrity-findings';
import { isRecord } from '../../../shared/fold/payload-values';
import { readArtifact } from './artifacts';
import type { DataDirReader, EventRead } from './store-types';

/** node:crypto's hex sha256 of a UTF-8 string, for the injected hash of shared/. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A run's log as read: decoded events, rows whose payload did not parse, and read failures. */
export type RunLog = { events: EventEnvelope[]; undecodable: UndecodableRow[]; readFailures: Diagnostic[] };

/** Read the whole log of `runId`, sorting every row into one of the three buckets. */
export function readRunLog(reader: DataDirReader, runId: string): RunLog {
  const log: RunLog = { events: [], undecodable: [], readFailures: [] };
  for (const read of reader.readEvents(runId)) addRead(log, read);
  return log;
}

/** Put one read into its bucket (shared with the chunked async reader). */
export function addRead(log: RunLog, read: EventRead): void {
  if (read.ok) log.events.push(read.event);
  else if (read.sequence === null) log.readFailures.push(read.diagnostic);
  else log.undecodable.push({ sequence: read.sequence, diagnostic: read.diagnostic });
}

/** Findings of `runId` in the reader's data dir, ordered by sequence (artifact findings last). */
export function checkRun(reader: DataDirReader, runId: string): Diagnostic[] {
  return checkRunLog(reader.path, runId, readRunLog(reader, runId));
}

/** Findings of an already-read log: the pure log checks plus the artifacts it names. */
export function checkRunLog(dataDir: string, runId: string, log: RunLog): Diagnostic[] {
  const findings = integrityFindings(log.events, { sha256Hex, runId, undecodable: log.undecodable });
  for (const ref of artifactRefsOf(log.events)) {
    const read = readArtifact(dataDir, ref, runId);
    if (!read.ok) findings.push({ ...read.error, runId, detail: { ...read.error.detail, ref } });
  }
  return [...log.readFailures, ...findings];
}

/** Every `artifact://` ref the run's events name, first mention first. */
export function artifactRefsOf(events: readonly EventEnvelope[]): string[] {
  const refs = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('artifact://')) refs.add(value);
  };
  for (const event of events) {
    const payload = event.payload;
    if (!isRecord(payload)) continue;
    add(payload.artifactRef);
    add(payload.outputRef);
    if (Array.isArray(payload.artifactRefs)) payload.artifactRefs.forEach(add);
  }
  return [...refs];
}
