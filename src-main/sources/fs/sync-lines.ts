/**
 * Synchronous, chunked line reading: legacy JSONL logs stream through the same
 * `Iterable` interface as SQLite rows without reading a whole file into memory.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** Chunk size: big enough for few syscalls, small enough to keep memory flat. */
const CHUNK_BYTES = 64 * 1024;

/** Yield each line of a UTF-8 file (without its newline), 1-based line numbers included. */
export function* readLinesSync(path: string): Generator<{ line: string; lineNumber: number }> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let lineNumber = 0;
    for (;;) {
      const bytes = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      pending += bytes === 0 ? decoder.end() : decoder.write(buffer.subarray(0, bytes));
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        lineNumber += 1;
        yield { line: pending.slice(0, newline).replace(/\r$/, ''), lineNumber };
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      if (bytes === 0) break;
    }
    if (pending.length > 0) yield { line: pending, lineNumber: lineNumber + 1 };
  } finally {
    closeSync(fd);
  }
}
