/**
 * All integrity findings of one run: the pure log checks of shared/fold/integrity plus the
 * artifact checks that need the disk. The log is checked row by row as it is read (every byte
 * of every row, eventIds hashed from the stored text), never collected. Never throws;
 * everything is a Diagnostic.
 */
import * as crypto from 'node:crypto';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { IntegrityCheck, type UndecodableRow } from '../../../shared/fold/integrity/integrity-findings';
import { isRecord } from '../../../shared/fold/payload-values';
import { readArtifact } from './artifacts';
import { drainInSlices } from './in-slices';
import type { DataDirReader, EventRead } from './store-types';

// One-shot `crypto.hash` (Node >= 20.12) costs a fraction of a Hash object per call; the check hashes every row.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** node:crypto's hex sha256 of a UTF-8 string, for the injected hash of shared/. */
export const sha256Hex: (text: string) => string =
  typeof oneShot === 'function' ? (text) => oneShot('sha256', text, 'hex') : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** A run's log as read: decoded events, rows whose payload did not parse, and read failures. */
export type RunLog = { events: EventEnvelope[]; undecodable: UndecodableRow[]; readFailures: Diagnostic[] };

/** Read the whole log of `runId`, sorting every row into one of the three buckets. */
export function readRunLog(reader: DataDirReader, runId: string): RunLog {
  const log: RunLog = { events: [], undecodable: [], readFailures: [] };
  for (const read of reader.readEvents(runId)) addRead(log, read);
  return log;
}

/** The whole log of `runId`, read in slices (in-slices.ts). */
export async function readRunLogAsync(reader: DataDirReader, runId: string, afterSequence = 0): Promise<RunLog> {
  const log: RunLog = { events: [], undecodable: [], readFailures: [] };
  await drainInSlices(reader.readEvents(runId, afterSequence), (read) => addRead(log, read));
  return log;
}

/** Put one read into its bucket. */
export function addRead(log: RunLog, read: EventRead): void {
  if (read.ok) log.events.push(read.event);
  else if (read.sequence === null) log.readFailures.push(read.diagnostic);
  else log.undecodable.push({ sequence: read.sequence, diagnostic: read.diagnostic });
}

/** Findings of `runId` in the reader's data dir up to event `upto` (default all), ordered by sequence (artifact findings last). */
export function checkRun(reader: DataDirReader, runId: string, upto?: number): Diagnostic[] {
  const check = new RunLogCheck(reader.path, runId);
  for (const read of reader.readEvents(runId, 0, upto)) check.add(read);
  return check.findings();
}

/**
 * `checkRun` in slices, yielding to the event loop between them (the worker serves the next
 * time-travel move meanwhile); null as soon as `stop()` says the check is no longer wanted.
 */
export async function checkRunAsync(reader: DataDirReader, runId: string, upto?: number, stop?: () => boolean): Promise<Diagnostic[] | null> {
  const log = await checkRunLogAsync(reader, runId, upto, stop);
  return log === null ? null : withArtifactFindings(log, reader.path, runId);
}

/** `checkRunAsync` without the artifact checks: the part a check of the same rows gives again. */
export async function checkRunLogAsync(reader: DataDirReader, runId: string, upto?: number, stop?: () => boolean): Promise<LogCheck | null> {
  const check = new RunLogCheck(reader.path, runId);
  const drained = await drainInSlices(reader.readEvents(runId, 0, upto), (read) => check.add(read), stop);
  return drained ? check.logPart() : null;
}

/**
 * The integrity check of one run fed its reads one at a time: what it keeps is the checks'
 * own state (sequences, findings, small maps), the read failures and the artifact refs named.
 */
export class RunLogCheck {
  private readonly check: IntegrityCheck;
  private readonly readFailures: Diagnostic[] = [];
  private readonly refs = new Set<string>();

  constructor(
    private readonly dataDir: string,
    private readonly runId: string,
  ) {
    this.check = new IntegrityCheck(sha256Hex, runId);
  }

  /** The next read of the log. */
  add(read: EventRead): void {
    if (!read.ok) {
      if (read.sequence === null) this.readFailures.push(read.diagnostic);
      else this.check.addUndecodable({ sequence: read.sequence, diagnostic: read.diagnostic });
      return;
    }
    this.check.add(read.event, read.payloadText);
    addArtifactRefs(this.refs, read.event);
  }

  /** Read failures, then the log's findings, then the artifacts the log names that fail their checks. */
  findings(): Diagnostic[] {
    return withArtifactFindings(this.logPart(), this.dataDir, this.runId);
  }

  /** What the log alone says (read failures and the log's findings) and the artifact refs it names: all a check of the same rows gives again. */
  logPart(): LogCheck {
    return { findings: [...this.readFailures, ...this.check.findings()], refs: [...this.refs] };
  }
}

/** A log's check before its artifacts are looked at (engine/check-cache.ts keeps it while the database is unchanged). */
export type LogCheck = { findings: Diagnostic[]; refs: string[] };

/** The log's findings, then those of each artifact it names that fails its checks now (artifacts change apart from the log). */
export function withArtifactFindings(log: LogCheck, dataDir: string, runId: string): Diagnostic[] {
  const findings = [...log.findings];
  for (const ref of log.refs) {
    const read = readArtifact(dataDir, ref, runId);
    if (!read.ok) findings.push({ ...read.error, runId, detail: { ...read.error.detail, ref } });
  }
  return findings;
}

function addArtifactRefs(refs: Set<string>, event: EventEnvelope): void {
  const payload = event.payload;
  if (!isRecord(payload)) return;
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('artifact://')) refs.add(value);
  };
  add(payload.artifactRef);
  add(payload.outputRef);
  if (Array.isArray(payload.artifactRefs)) payload.artifactRefs.forEach(add);
}
