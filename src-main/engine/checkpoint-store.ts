/**
 * Fold checkpoints kept in memory (serialised, within a byte budget, least recently used
 * dropped first) and, unless caching is off, in the app's cache folder: one folder per
 * (data dir, run, fold mode, price table), one file per checkpoint sequence. The store only
 * keeps and finds; whether a checkpoint still matches the log is resume-points.ts's call,
 * which `discard`s those that do not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { folderInsideDataDirs } from '../app-folders/app-folders';
import { decodeCheckpoint, encodeCheckpoint, readFileOrNull, writeFileAtomic, type CheckpointKey, type StoredCheckpoint } from './checkpoint-files';

/** Memory budget of the in-memory copies (serialised bytes). */
export const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;

/** Where checkpoints live: `dir` null keeps them in memory only (`--no-cache`). */
/** The small notes kept beside a key's checkpoints. */
export type StoreNote = 'head' | 'check';

export type CheckpointStoreOptions = { dir: string | null; memoryBytes?: number };

const tableHashes = new WeakMap<PriceTable, string>();

/** A stable name of a price table's content (checkpoints priced with another table are other checkpoints). */
export function priceTableHash(table: PriceTable): string {
  let hash = tableHashes.get(table);
  if (hash === undefined) {
    hash = createHash('sha256').update(JSON.stringify(table)).digest('hex').slice(0, 32);
    tableHashes.set(table, hash);
  }
  return hash;
}

/** Checkpoints of folds, in memory and on disk. */
export class CheckpointStore {
  /** Serialised checkpoints by key folder, then sequence; Map order is the LRU order of folders. */
  private readonly memory = new Map<string, Map<number, Buffer>>();
  /** What vouches for each checkpoint this store wrote or read back (proofOf), by key folder, then sequence. */
  private readonly proofs = new Map<string, Map<number, string>>();
  /** The notes of each key's last fold (its head, its check), by key folder and kind. */
  private readonly heads = new Map<string, Buffer>();
  private memoryUsed = 0;
  private readonly memoryBytes: number;

  constructor(private readonly options: CheckpointStoreOptions) {
    this.memoryBytes = options.memoryBytes ?? DEFAULT_MEMORY_BYTES;
  }

  /** Sequences of the checkpoints of `key` at most `atMost`, highest first (memory and disk). */
  sequences(key: CheckpointKey, atMost: number): number[] {
    const found = new Set<number>(this.memory.get(folderName(key))?.keys() ?? []);
    const folder = this.folder(key);
    if (folder !== null) {
      try {
        for (const name of readdirSync(folder)) {
          const match = /^(\d+)\.ckpt$/.exec(name);
          if (match !== null) found.add(Number(match[1]));
        }
      } catch {
        // No folder yet: nothing on disk.
      }
    }
    return [...found].filter((s) => s <= atMost).sort((a, b) => b - a);
  }

  /** The checkpoint of `key` at `sequence`, or null (a file that is not a sound checkpoint of `key` is removed). */
  get(key: CheckpointKey, sequence: number): StoredCheckpoint | null {
    const name = folderName(key);
    const cached = this.memory.get(name)?.get(sequence);
    if (cached !== undefined) {
      this.touch(name);
      return decodeCheckpoint(cached, key);
    }
    const folder = this.folder(key);
    if (folder === null) return null;
    const bytes = readFileOrNull(join(folder, `${sequence}.ckpt`));
    if (bytes === null) return null;
    const stored = decodeCheckpoint(bytes, key);
    if (stored === null || stored.sequence !== sequence) {
      this.discard(key, sequence);
      return null;
    }
    this.remember(name, sequence, bytes);
    this.noteProof(name, sequence, proofOf(stored));
    return stored;
  }

  /**
   * Whether a checkpoint of `key` at `sequence` of the same database file and rows (`proof`:
   * proofOf) is kept already, so leaving it
   * again would only serialise the same state once more (a move forward passes boundaries earlier
   * moves left: about 0.5 s each at 200,000 events). A file this store has not read is taken as
   * kept: whether it matches the log is checked when it is read (a stale one is discarded then,
   * and the next fold past it leaves it anew).
   */
  holds(key: CheckpointKey, sequence: number, proof: string): boolean {
    const name = folderName(key);
    const known = this.proofs.get(name)?.get(sequence);
    if (known !== undefined) return known === proof && (this.memory.get(name)?.has(sequence) === true || this.onDisk(key, sequence));
    return this.onDisk(key, sequence);
  }

  /**
   * Keep `stored` in memory and on disk (a write the disk refuses is skipped: the cache is only
   * a cache). A `tail` checkpoint (where a read ended, off the boundaries) replaces the key's
   * older tails on disk, so a growing live run leaves one file, not one per reopen.
   */
  put(key: CheckpointKey, stored: StoredCheckpoint, tail = false): void {
    const bytes = encodeCheckpoint(key, stored);
    this.remember(folderName(key), stored.sequence, bytes);
    this.noteProof(folderName(key), stored.sequence, proofOf(stored));
    const folder = this.folder(key);
    if (folder === null) return;
    if (writeFileAtomic(join(folder, `${stored.sequence}.ckpt`), bytes) && tail) {
      for (const sequence of this.sequences(key, Number.MAX_SAFE_INTEGER)) {
        if (sequence !== stored.sequence && sequence % key.every !== 0) this.discard(key, sequence);
      }
    }
  }

  /** Forget the checkpoint of `key` at `sequence` (it no longer matches the log, or is unreadable). */
  discard(key: CheckpointKey, sequence: number): void {
    const name = folderName(key);
    const inMemory = this.memory.get(name);
    const bytes = inMemory?.get(sequence);
    if (bytes !== undefined) {
      inMemory!.delete(sequence);
      this.memoryUsed -= bytes.length;
    }
    this.proofs.get(name)?.delete(sequence);
    const folder = this.folder(key);
    if (folder !== null) rmSync(join(folder, `${sequence}.ckpt`), { force: true });
  }

  /**
   * Keep a small note of `key`'s latest fold (one per key and kind: a newer one replaces it): its
   * head (head-cache.ts) or its log's integrity check (check-cache.ts).
   */
  putNote(key: CheckpointKey, note: StoreNote, bytes: Buffer): void {
    const name = `${folderName(key)}\n${note}`;
    this.heads.delete(name);
    this.heads.set(name, bytes);
    // A note is small; a few hundred keys' worth stay in memory.
    for (const old of this.heads.keys()) {
      if (this.heads.size <= 512) break;
      this.heads.delete(old);
    }
    const folder = this.folder(key);
    if (folder !== null) writeFileAtomic(join(folder, note), bytes);
  }

  /** The note `putNote` kept for `key`, or null. */
  getNote(key: CheckpointKey, note: StoreNote): Buffer | null {
    const cached = this.heads.get(`${folderName(key)}\n${note}`);
    if (cached !== undefined) return cached;
    const folder = this.folder(key);
    return folder === null ? null : readFileOrNull(join(folder, note));
  }

  private noteProof(name: string, sequence: number, proof: string): void {
    let folder = this.proofs.get(name);
    if (folder === undefined) {
      folder = new Map();
      this.proofs.set(name, folder);
    }
    folder.set(sequence, proof);
  }

  private onDisk(key: CheckpointKey, sequence: number): boolean {
    const folder = this.folder(key);
    return folder !== null && existsSync(join(folder, `${sequence}.ckpt`));
  }

  private folder(key: CheckpointKey): string | null {
    // Never a byte into a data dir, whatever the caller checked: such a cache stays in memory.
    if (this.options.dir === null || folderInsideDataDirs('cache', this.options.dir, [key.dataDir]) !== null) return null;
    return join(this.options.dir, 'fold-checkpoints', 'v1', folderName(key));
  }

  private remember(name: string, sequence: number, bytes: Buffer): void {
    if (bytes.length > this.memoryBytes) return;
    let folder = this.memory.get(name);
    if (folder === undefined) {
      folder = new Map();
      this.memory.set(name, folder);
    }
    const previous = folder.get(sequence);
    if (previous !== undefined) this.memoryUsed -= previous.length;
    folder.set(sequence, bytes);
    this.memoryUsed += bytes.length;
    this.touch(name);
    this.evict();
  }

  private touch(name: string): void {
    const folder = this.memory.get(name);
    if (folder === undefined) return;
    this.memory.delete(name);
    this.memory.set(name, folder);
  }

  // Least recently used folders go first; within one, the lowest sequences (the latest is the most reused).
  private evict(): void {
    for (const [name, folder] of this.memory) {
      if (this.memoryUsed <= this.memoryBytes) return;
      for (const sequence of [...folder.keys()].sort((a, b) => a - b)) {
        if (this.memoryUsed <= this.memoryBytes) return;
        this.memoryUsed -= folder.get(sequence)!.length;
        folder.delete(sequence);
      }
      if (folder.size === 0) this.memory.delete(name);
    }
  }
}

/** What vouches for a checkpoint: its database file and the digest of its rows (log-digests.ts). */
export function proofOf(stored: Pick<StoredCheckpoint, 'identity' | 'digest'>): string {
  return `${stored.identity}\n${stored.digest}`;
}

// A fixed-length folder name per key: paths and run ids never become file names as they are.
function folderName(key: CheckpointKey): string {
  return createHash('sha256').update(`${key.dataDir}\u0000${key.runId}\u0000${key.mode}\u0000${key.tableHash}\u0000${key.every}`).digest('hex').slice(0, 40);
}

const stores = new Map<string, CheckpointStore>();

/** The one store of this process (or worker thread) for `dir` (null: memory only), so memory copies outlive one request. */
export function checkpointStoreFor(dir: string | null): CheckpointStore {
  const name = dir ?? '';
  let store = stores.get(name);
  if (store === undefined) {
    store = new CheckpointStore({ dir });
    stores.set(name, store);
  }
  return store;
}
