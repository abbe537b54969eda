/**
 * Reads the committed frames of a SQLite write-ahead log (`events.db-wal`) the way SQLite's own
 * recovery does (https://sqlite.org/walformat.html): a 32-byte header (magic, version, page size,
 * checkpoint sequence, two salts, a checksum), then frames of a 24-byte header (page number, the
 * database size in pages on a commit frame else 0, the salts, a cumulative checksum) and a page.
 * A frame counts only while its salts are the header's and its checksum continues the chain;
 * only frames up to the last valid commit frame are a database state. So a torn append, a
 * transaction still being written, a rolled-back spill and frames left over from an earlier
 * generation of the log are all told apart from committed data without asking SQLite, and
 * without opening the file for anything but reading.
 */
import { readSync } from 'node:fs';

export const WAL_HEADER_BYTES = 32;
export const FRAME_HEADER_BYTES = 24;
const MAGIC_LITTLE = 0x377f0682;
const MAGIC_BIG = 0x377f0683;

/** The part of a WAL header that names one generation of the log (a reset changes the salts). */
export type WalHeader = { pageSize: number; bigEndian: boolean; checkpointSequence: number; salt1: number; salt2: number; checksum: [number, number] };

/** Where a reader of the log stands: the byte after the last applied commit frame and the chain there. */
export type WalPosition = { offset: number; checksum: [number, number] };

/** A run of frames ending in a commit: its pages in log order and the database size it commits. */
export type WalCommit = { pages: { pgno: number; data: Buffer }[]; dbPages: number; end: WalPosition };

/** The header at the start of the log, or null when there is none (empty, short or not a WAL). */
export function readWalHeader(fd: number): WalHeader | null {
  const bytes = Buffer.alloc(WAL_HEADER_BYTES);
  if (readSync(fd, bytes, 0, WAL_HEADER_BYTES, 0) !== WAL_HEADER_BYTES) return null;
  const magic = bytes.readUInt32BE(0);
  if (magic !== MAGIC_LITTLE && magic !== MAGIC_BIG) return null;
  const pageSize = bytes.readUInt32BE(8);
  // A power of two from 512 to 65536, as SQLite checks before it trusts the header.
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return null;
  const bigEndian = magic === MAGIC_BIG;
  const checksum = walChecksum(bytes.subarray(0, 24), bigEndian, [0, 0]);
  if (checksum[0] !== bytes.readUInt32BE(24) || checksum[1] !== bytes.readUInt32BE(28)) return null;
  return { pageSize, bigEndian, checkpointSequence: bytes.readUInt32BE(12), salt1: bytes.readUInt32BE(16), salt2: bytes.readUInt32BE(20), checksum };
}

/** Same generation of the log: SQLite changes both salts whenever it restarts the log. */
export function sameGeneration(a: WalHeader, b: WalHeader): boolean {
  return a.salt1 === b.salt1 && a.salt2 === b.salt2 && a.pageSize === b.pageSize && a.bigEndian === b.bigEndian;
}

/** The position just after the header (no frame read yet). */
export function startOf(header: WalHeader): WalPosition {
  return { offset: WAL_HEADER_BYTES, checksum: header.checksum };
}

/** Whether the frame header at `offset` carries `header`'s salts (checksum not checked: a frame being written counts). */
export function frameOfGeneration(fd: number, header: WalHeader, offset: number): boolean {
  const frame = Buffer.alloc(FRAME_HEADER_BYTES);
  if (readSync(fd, frame, 0, FRAME_HEADER_BYTES, offset) !== FRAME_HEADER_BYTES) return false;
  return frame.readUInt32BE(8) === header.salt1 && frame.readUInt32BE(12) === header.salt2;
}

/**
 * Every whole transaction committed after `from`, handed to `apply` one commit at a time, in
 * order; returns where the reader then stands. A transaction of more than `maxPendingBytes`
 * stops the walk with `too-big` (its pages are held until its commit frame is seen).
 */
export function readCommits(
  fd: number,
  header: WalHeader,
  from: WalPosition,
  apply: (commit: WalCommit) => void,
  maxPendingBytes: number,
): { end: WalPosition; commits: number; bytesRead: number; tooBig: boolean } {
  const frameBytes = FRAME_HEADER_BYTES + header.pageSize;
  let position = from;
  let chain = from.checksum;
  let pending: { pgno: number; data: Buffer }[] = [];
  let commits = 0;
  let bytesRead = 0;
  // A delta is usually a few frames, and past the log's end lie stale frames of earlier
  // generations: start small and double while every frame read continues the chain.
  const most = Math.max(1, Math.floor((4 * 1024 * 1024) / frameBytes));
  const buffer = Buffer.allocUnsafe(most * frameBytes);
  for (let offset = from.offset, perRead = Math.min(8, most); ; perRead = Math.min(most, perRead * 2)) {
    const got = readSync(fd, buffer, 0, perRead * frameBytes, offset);
    bytesRead += got;
    const whole = Math.floor(got / frameBytes);
    for (let i = 0; i < whole; i += 1) {
      const frame = buffer.subarray(i * frameBytes, (i + 1) * frameBytes);
      if (frame.readUInt32BE(8) !== header.salt1 || frame.readUInt32BE(12) !== header.salt2) return { end: position, commits, bytesRead, tooBig: false };
      const next = frameChecksum(frame, header, chain);
      if (next === null) return { end: position, commits, bytesRead, tooBig: false };
      chain = next;
      offset += frameBytes;
      pending.push({ pgno: frame.readUInt32BE(0), data: Buffer.from(frame.subarray(FRAME_HEADER_BYTES)) });
      const dbPages = frame.readUInt32BE(4);
      if (dbPages !== 0) {
        position = { offset, checksum: chain };
        apply({ pages: pending, dbPages, end: position });
        commits += 1;
        pending = [];
      } else if (pending.length * header.pageSize > maxPendingBytes) {
        return { end: position, commits, bytesRead, tooBig: true };
      }
    }
    if (whole < perRead) return { end: position, commits, bytesRead, tooBig: false };
  }
}

/** The chain after `frame`, or null when its stored checksum does not continue `previous`. */
function frameChecksum(frame: Buffer, header: WalHeader, previous: [number, number]): [number, number] | null {
  const afterHeader = walChecksum(frame.subarray(0, 8), header.bigEndian, previous);
  const next = walChecksum(frame.subarray(FRAME_HEADER_BYTES), header.bigEndian, afterHeader);
  return next[0] === frame.readUInt32BE(16) && next[1] === frame.readUInt32BE(20) ? next : null;
}

/** SQLite's WAL checksum (walChecksumBytes): pairs of 32-bit words, in the byte order the magic says. */
export function walChecksum(bytes: Buffer, bigEndian: boolean, seed: [number, number]): [number, number] {
  let s1 = seed[0];
  let s2 = seed[1];
  for (let i = 0; i + 8 <= bytes.length; i += 8) {
    const x0 = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i);
    const x1 = bigEndian ? bytes.readUInt32BE(i + 4) : bytes.readUInt32LE(i + 4);
    s1 = (s1 + x0 + s2) >>> 0;
    s2 = (s2 + x1 + s1) >>> 0;
  }
  return [s1, s2];
}
