/**
 * What tells a live `events.db` changed while its `-wal` held no frames. A writer that commits
 * and then checkpoints with TRUNCATE (or whose log restarts and is truncated by
 * journal_size_limit) leaves an empty `-wal` before and after: the log shows nothing, and the
 * main file's mtime comes from the kernel's coarse clock (one tick is 1–10 ms) and its size need
 * not change. The first copy of the WAL-index header in `-shm` (https://sqlite.org/walformat.html,
 * "the wal-index header": 48 bytes holding a change counter bumped by every commit, mxFrame, the
 * salts and a checksum) does change with each commit and each restart of the log, so the stamp
 * is the main file's stat plus those bytes. `-shm` is read with a plain O_RDONLY read (the
 * writer's mapping is the same pages); absent or unreadable, the stat alone is what there is.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { fileStamp } from '../fs/safe-paths';

const WAL_INDEX_HEADER_BYTES = 48;

/** The first wal-index header of `dbPath-shm` as hex, `-` when it cannot be read whole. */
export function walIndexHeaderStamp(dbPath: string): string {
  let fd: number;
  try {
    fd = openSync(`${dbPath}-shm`, 'r');
  } catch {
    return '-';
  }
  try {
    const bytes = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
    return readSync(fd, bytes, 0, WAL_INDEX_HEADER_BYTES, 0) === WAL_INDEX_HEADER_BYTES ? bytes.toString('hex') : '-';
  } catch {
    return '-';
  } finally {
    closeSync(fd);
  }
}

/** The main file's stat and the wal-index header: changes with every commit, whether or not the `-wal` still shows it. */
export function mainFileStamp(dbPath: string): string {
  return `${fileStamp(statSync(dbPath))}|${walIndexHeaderStamp(dbPath)}`;
}
