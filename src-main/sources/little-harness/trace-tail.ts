/**
 * Follows one session's trace.ndjson as it grows, by byte offset: each poll reads only the
 * bytes after the last complete line (a half-written line waits for its newline). A file that
 * shrank or was replaced (new inode) resets the tail to the start; the caller is told, so it
 * drops what it built from the old file.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { readTraceChunk, type InvalidTraceLine, type TraceRecord } from '../../../shared/harness-trace/trace-reader';
import { outside } from '../fs/safe-paths';

/** What one poll found. */
export type TracePoll = { reset: boolean; events: TraceRecord[]; invalid: InvalidTraceLine[]; pendingBytes: number };

/** At most this many new bytes are read per poll (the rest comes next poll). */
export const TAIL_READ_BYTES = 4 * 1024 * 1024;

export class TraceTail {
  private offset = 0;
  private line = 1;
  private inode: number | null = null;

  constructor(private readonly sessionDir: string) {}

  /** Bytes read so far (the start of the next read). */
  get position(): number {
    return this.offset;
  }

  /** Read what was appended since the last poll. */
  poll(): TracePoll {
    const path = join(this.sessionDir, 'trace.ndjson');
    let fd: number;
    try {
      const real = realpathSync(path);
      if (outside(realpathSync(this.sessionDir), real, path) !== null) return this.nothing(false);
      fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    } catch {
      return this.nothing(false);
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) return this.nothing(false);
      const reset = (this.inode !== null && stats.ino !== this.inode) || stats.size < this.offset;
      if (reset) {
        this.offset = 0;
        this.line = 1;
      }
      this.inode = stats.ino;
      const available = stats.size - this.offset;
      if (available <= 0) return this.nothing(reset);
      let chunk = this.readFrom(fd, Math.min(available, TAIL_READ_BYTES));
      // One line longer than the read size: read it whole rather than wait forever.
      if (chunk.nextOffset === this.offset && available > TAIL_READ_BYTES) chunk = this.readFrom(fd, available);
      this.offset = chunk.nextOffset;
      this.line = chunk.nextLine;
      return { reset, events: chunk.events, invalid: chunk.invalid, pendingBytes: chunk.pending?.bytes ?? 0 };
    } finally {
      closeSync(fd);
    }
  }

  private readFrom(fd: number, length: number): ReturnType<typeof readTraceChunk> {
    const bytes = Buffer.alloc(length);
    const got = readSync(fd, bytes, 0, length, this.offset);
    return readTraceChunk(new Uint8Array(bytes.buffer, bytes.byteOffset, got), this.offset, this.line);
  }

  private nothing(reset: boolean): TracePoll {
    return { reset, events: [], invalid: [], pendingBytes: 0 };
  }
}
