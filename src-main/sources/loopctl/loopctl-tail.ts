/**
 * Read-only tailing of one loopctl ledger file by byte offset. Each `readNew()` returns the
 * complete lines appended since the last call (an unfinished last line waits for its
 * newline), reading at most `maxBytes` per call in `chunkBytes` reads. A file that shrank
 * (truncated) or was swapped for another (a new inode: rotated/replaced) is re-read from 0,
 * with a notice. The file is only ever opened with flag `r`.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';
import { createLedgerParser, type LedgerChunk, type LedgerFile, type LedgerParser } from '../../../shared/loopctl/ledger-parser';
import { fsDiagnostic } from '../fs/fs-diagnostics';

/** Why a tail started over from byte 0. */
export type TailReset = 'truncated' | 'replaced';

/** One `readNew()` result. */
export type TailRead = LedgerChunk & {
  /** Set when earlier lines of this file are void and these start again at line 1. */
  reset: TailReset | null;
  /** More complete data is waiting (the per-call byte bound was reached). */
  more: boolean;
};

/** Tail knobs: bytes per read syscall and per `readNew()` call. */
export type TailOptions = { chunkBytes?: number; maxBytes?: number };

/** A tail over one ledger file. */
export type LedgerTail = {
  readonly path: string;
  readonly file: LedgerFile;
  /** Complete lines appended since the last call. */
  readNew(): TailRead;
  /** The unfinished bytes after the last newline, settled as a final line (torn-line rule); state unchanged. */
  settle(): LedgerChunk;
  /** Byte offset just after the last complete line read. */
  offset(): number;
  close(): void;
};

/** Open a tail; a missing file reads as empty until it appears. */
export function openLedgerTail(path: string, file: LedgerFile, options: TailOptions = {}): LedgerTail {
  const chunkBytes = options.chunkBytes ?? 1 << 20;
  const maxBytes = Math.max(options.maxBytes ?? 16 << 20, chunkBytes);
  let fd: number | null = null;
  let identity: string | null = null;
  let offset = 0;
  let parser: LedgerParser = createLedgerParser({ file, path });

  const restart = () => {
    offset = 0;
    parser = createLedgerParser({ file, path });
  };
  const closeFd = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };

  const readBytes = (from: number, upTo: number, stopAtNewline: boolean): Buffer => {
    const parts: Buffer[] = [];
    let position = from;
    while (position < upTo || stopAtNewline) {
      const buffer = Buffer.alloc(chunkBytes);
      const n = readSync(fd!, buffer, 0, chunkBytes, position);
      if (n === 0) break;
      const part = buffer.subarray(0, n);
      parts.push(part);
      position += n;
      // Past the bound, read on only to finish the line in progress.
      if (position >= upTo && part.includes(0x0a)) break;
    }
    return Buffer.concat(parts);
  };

  return {
    path,
    file,
    offset: () => offset,
    readNew() {
      const empty = (reset: TailReset | null, diagnostics: Diagnostic[] = []): TailRead => ({ lines: [], diagnostics, reset, more: false });
      let reset: TailReset | null = null;
      const notices: Diagnostic[] = [];
      let stat;
      try {
        stat = statSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return empty(null, [fsDiagnostic(error, path)]);
        if (fd === null) return empty(null);
        closeFd();
        identity = null;
        restart();
        return empty('replaced', [diagnostic('path-not-found', `${file} was removed; its runs are gone until it reappears`, { severity: 'warning', path })]);
      }
      const id = `${stat.dev}:${stat.ino}`;
      if (fd !== null && id !== identity) {
        closeFd();
        restart();
        reset = 'replaced';
        notices.push(diagnostic('sequence-gap', `${file} was replaced (rotated); re-reading it from the start`, { severity: 'info', path, detail: { file, reset } }));
      }
      if (fd === null) {
        try {
          fd = openSync(path, 'r');
          const opened = fstatSync(fd);
          identity = `${opened.dev}:${opened.ino}`;
        } catch (error) {
          closeFd();
          return empty(reset, [...notices, fsDiagnostic(error, path)]);
        }
      }
      const size = fstatSync(fd).size;
      if (size < offset) {
        restart();
        reset = 'truncated';
        notices.push(diagnostic('sequence-gap', `${file} shrank (truncated); re-reading it from the start`, { severity: 'info', path, detail: { file, reset } }));
      }
      if (size === offset) return empty(reset, notices);
      const bytes = readBytes(offset, Math.min(size, offset + maxBytes), offset + maxBytes < size);
      const lastNewline = bytes.lastIndexOf(0x0a);
      if (lastNewline === -1) return empty(reset, notices);
      const chunk = parser.push(bytes.subarray(0, lastNewline + 1).toString('utf8'));
      offset += lastNewline + 1;
      const more = size - offset > bytes.length - lastNewline - 1;
      return { lines: chunk.lines, diagnostics: [...notices, ...chunk.diagnostics], reset, more };
    },
    settle() {
      if (fd === null) return { lines: [], diagnostics: [] };
      const size = fstatSync(fd).size;
      if (size <= offset) return { lines: [], diagnostics: [] };
      const rest = readBytes(offset, size, false).toString('utf8');
      const probe = createLedgerParser({ file, path, linesBefore: parser.linesSeen() });
      const pushed = probe.push(rest);
      const ended = probe.end();
      return { lines: [...pushed.lines, ...ended.lines], diagnostics: [...pushed.diagnostics, ...ended.diagnostics] };
    },
    close: closeFd,
  };
}
