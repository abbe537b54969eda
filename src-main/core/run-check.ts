/**
 * All integrity findings of one run: the pure log checks of shared/fold/integrity plus the
 * artifact checks that need the disk. Never throws; everything is a Diagnostic.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import { integrityFindings, type UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import { isRecord } from '../../shared/fold/payload-values';
import { readArtifact } from '../store/artifacts';
import type { DataDirReader } from '../store/store-types';

/** node:crypto's hex sha256 of a UTF-8 string, for the injected hash of shared/. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Findings of `runId` in the reader's data dir, ordered by sequence (artifact findings last). */
export function checkRun(reader: DataDirReader, runId: string): Diagnostic[] {
  const events: EventEnvelope[] = [];
  const undecodable: UndecodableRow[] = [];
  const readFailures: Diagnostic[] = [];
  for (const read of reader.readEvents(runId)) {
    if (read.ok) events.push(read.event);
    else if (read.sequence === null) readFailures.push(read.diagnostic);
    else undecodable.push({ sequence: read.sequence, diagnostic: read.diagnostic });
  }
  const findings = integrityFindings(events, { sha256Hex, runId, undecodable });
  for (const ref of artifactRefsOf(events)) {
    const read = readArtifact(reader.path, ref, runId);
    if (!read.ok) findings.push({ ...read.error, runId, detail: { ...read.error.detail, ref } });
  }
  return [...readFailures, ...findings];
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
