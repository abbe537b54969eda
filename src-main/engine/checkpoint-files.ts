/**
 * One fold checkpoint on disk: a versioned header and the accumulator's state, v8-serialised
 * (the structured-clone format, so Maps survive) and deflated, written to a temp file and renamed into
 * place so a reader never sees half a file. A file that does not deserialise, has another
 * format or names another run is ignored (and the caller replaces it), never a crash.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import { CHECKPOINT_FORMAT, type AccumulatorCheckpoint, type AccumulatorMode } from '../../shared/run/run-accumulator';

/** Marks our files (a stray file in the folder is not one). */
const MAGIC = 'little-inspector/fold-checkpoint';
/** Version of the file layout around the accumulator's own format. */
export const FILE_FORMAT = 2;

/** Which fold a checkpoint belongs to: the run, the database file, the fold's mode and price table. */
/** `every`: the checkpoint spacing, which the digests' slices follow. */
export type CheckpointKey = { dataDir: string; runId: string; mode: AccumulatorMode; tableHash: string; every: number };

/**
 * The one validity key of anything taken from a fold (a checkpoint, a snapshot in memory, the
 * kept head): it still matches the log while the database file is the same and either its state
 * is the one before that fold's read or the digest of its rows up to its sequence is still the log's.
 */
export type Validity = {
  /** The database file's identity (device and inode of events.db) when it was taken. */
  identity: string;
  /** The database's state (log-digests.ts databaseState) before the read it was taken in. */
  state: string;
  /** Chained digest of the rows' keys up to its sequence (log-digests.ts). */
  digest: string;
};

/**
 * The digest of a point kept before its rows' keys were read (the kept head, saved in the same
 * moment it is sent, while a fold's keys still wait): it holds while the database's state is the
 * one before its read, never by a digest (no chain of keys is this text).
 */
export const STATE_ONLY_DIGEST = 'state-only';

/** What proves a fold taken at some sequence still matches the log, and where a fold resumed there stands. */
export type ResumeProof = Validity & {
  /**
   * Where the digest's chain stands for a fold resumed here: the digest at the last boundary
   * at or below its sequence and the keys of the rows after it (none at a boundary).
   */
  slice: { base: string; keys: string[] };
  /** Rows up to its sequence whose payload did not decode. */
  undecodable: UndecodableRow[];
};

/** One checkpoint with what proves it still matches the log. */
export type StoredCheckpoint = ResumeProof & {
  /** Every row with a sequence at most this is folded in. */
  sequence: number;
  checkpoint: AccumulatorCheckpoint;
};

type FileBody = { magic: string; fileFormat: number; format: number; key: CheckpointKey; stored: StoredCheckpoint };

/**
 * The bytes of one checkpoint file: the v8 serialisation, deflated at the fastest level (the
 * format repeats every object's keys, so a checkpoint shrinks about tenfold for a few ms per MB).
 */
export function encodeCheckpoint(key: CheckpointKey, stored: StoredCheckpoint): Buffer {
  const body: FileBody = { magic: MAGIC, fileFormat: FILE_FORMAT, format: CHECKPOINT_FORMAT, key, stored };
  return deflateRawSync(serialize(body), { level: 1 });
}

/** The checkpoint in `bytes` when they are ours, of this format and of `key`; else null. */
export function decodeCheckpoint(bytes: Buffer, key: CheckpointKey): StoredCheckpoint | null {
  let body: Partial<FileBody>;
  try {
    body = deserialize(inflateRawSync(bytes)) as Partial<FileBody>;
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || body.magic !== MAGIC || body.fileFormat !== FILE_FORMAT || body.format !== CHECKPOINT_FORMAT) return null;
  const k = body.key;
  if (k?.dataDir !== key.dataDir || k.runId !== key.runId || k.mode !== key.mode || k.tableHash !== key.tableHash || k.every !== key.every) return null;
  const stored = body.stored;
  if (typeof stored?.sequence !== 'number' || typeof stored.digest !== 'string' || typeof stored.identity !== 'string' || typeof stored.state !== 'string' || !Array.isArray(stored.undecodable)) return null;
  if (typeof stored.slice?.base !== 'string' || !Array.isArray(stored.slice.keys)) return null;
  const checkpoint = stored.checkpoint;
  if (checkpoint?.format !== CHECKPOINT_FORMAT || checkpoint.runId !== key.runId || checkpoint.mode !== key.mode) return null;
  return stored;
}

/** The fields every small note beside a key's checkpoints starts with (checkpoint-store.ts `putNote`). */
type NoteHeader = { magic: string; format: number; runId: string };

/** A note of kind `magic` for `runId` (the kept head, the kept check), v8-serialised (plain data, small). */
export function encodeNote<T extends object>(magic: string, runId: string, body: T): Buffer {
  return serialize({ magic, format: CHECKPOINT_FORMAT, runId, ...body });
}

/** The note in `bytes` when it is of kind `magic`, this format and `runId` (its own fields unchecked yet); else null. */
export function decodeNote<T extends object>(bytes: Buffer | null, magic: string, runId: string): Partial<T> | null {
  if (bytes === null) return null;
  let file: Partial<T & NoteHeader>;
  try {
    file = deserialize(bytes) as Partial<T & NoteHeader>;
  } catch {
    return null;
  }
  return file?.magic === magic && file.format === CHECKPOINT_FORMAT && file.runId === runId ? file : null;
}

/** Write `bytes` to `path` atomically (temp file + rename); false when the disk refused. */
export function writeFileAtomic(path: string, bytes: Buffer): boolean {
  const temp = join(dirname(path), `.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, bytes, { mode: 0o600 });
    renameSync(temp, path);
    return true;
  } catch {
    rmSync(temp, { force: true });
    return false;
  }
}

/** The file's bytes, or null when it cannot be read. */
export function readFileOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}
