/**
 * Is what the index holds of a run still a prefix of its log? The fold checkpoints' trust rule
 * (engine/log-digests.ts): the same database file and the same chained digest of
 * `sequence|eventId|recordedAt` of every row up to the last indexed one. little-workflow's SQLite
 * logs answer in SQL without a payload crossing into JS; other logs (loopctl ledgers, harness
 * traces: small files read whole anyway) are hashed as they stream.
 */
import { createHash, type Hash } from 'node:crypto';
import type { EventEnvelope } from '../../shared/events/envelope';
import { databaseIdentity, LogDigests } from '../engine/log-digests';
import type { DataDirReader } from '../sources/little-workflow/store-types';

/** A data dir's way of proving a run's prefix: by SQL (`reader`), or by hashing the stream. */
export type RunTrust = {
  /** The SQLite reader the run's rows and keys come from; null: the log is streamed whole and hashed. */
  reader: DataDirReader | null;
  /** The database file's identity (null: a log without one). */
  identity: string | null;
  /** The digest of the run's rows up to `sequence` (SQL readers only), null when unreadable. */
  digestAt(runId: string, sequence: number): string | null;
};

/**
 * The trust of a data dir read through `reader` (or streamed, when null or when it cannot give keys).
 * `snapshot`, when given, names the one snapshot the reader is held on right now (it changes when
 * the hold is let go and taken again), so digests are remembered by it with no stat per run.
 */
export function runTrust(path: string, reader: DataDirReader | null, snapshot?: () => string | undefined): RunTrust {
  const digests = new LogDigests();
  return {
    reader,
    identity: reader === null ? null : databaseIdentity(path),
    digestAt: (runId, sequence) => (reader === null ? null : digests.digestAt(reader, runId, sequence, snapshot?.())),
  };
}

/** The running hash of a streamed log's keys (the same key text as SQL's). */
export class StreamDigest {
  private readonly hash: Hash = createHash('sha256');

  add(event: EventEnvelope): void {
    this.hash.update(`${event.sequence}|${event.eventId}|${event.recordedAt}\n`);
  }

  /** The digest so far (the hash goes on). */
  now(): string {
    return this.hash.copy().digest('hex');
  }
}
