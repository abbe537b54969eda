/**
 * Copy a file that a writer may be changing under us (events.db and its -wal) with plain reads:
 * up to the size it had when opened, stopping early at end of file. `copyFileSync` (libuv's
 * copy_file_range loop) spins forever when the source shrinks mid-copy — a writer's
 * `wal_checkpoint(TRUNCATE)` does exactly that to the -wal — so it is not used on live files.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const CHUNK = 1024 * 1024;

/** Copy `from` to `to` (created or truncated): the bytes `from` holds now, at most its size when opened. */
export function copyByReading(from: string, to: string): void {
  const source = openSync(from, 'r');
  try {
    const target = openSync(to, 'w', 0o600);
    try {
      const size = fstatSync(source).size;
      const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK, size)));
      for (let done = 0; done < size; ) {
        const read = readSync(source, buffer, 0, Math.min(buffer.length, size - done), done);
        // End of file before the size we saw: the file shrank while we read; the copy ends here.
        if (read === 0) break;
        writeSync(target, buffer, 0, read);
        done += read;
      }
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source);
  }
}
