/**
 * The integrity check of a whole run's log kept beside its fold checkpoints, so reopening an
 * unchanged run shows its findings without reading every row again (seconds at 200,000 events).
 * Unlike a checkpoint or the kept head, it is kept only of a closed database (no `-wal`) and
 * holds only while the database is byte for byte the one it read (the same state: device, inode, size, mtime and ctime of events.db and -wal): the
 * chained digest of the rows' keys those trust does not see a payload edited in place, and that
 * is just what the check is there to find. The artifacts the log names are checked again on every
 * use: they change apart from the database.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Diagnostic } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { CHECKPOINT_FORMAT } from '../../shared/run/run-accumulator';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { checkRunLogAsync, withArtifactFindings, type LogCheck } from '../sources/little-workflow/run-check';
import { databaseState } from './log-digests';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { Checkpoints } from './fold-request';
import { foldBasis, type FoldBasis } from './resume-points';

const MAGIC = 'little-inspector/run-check';

type CheckFile = { magic: string; format: number; runId: string; identity: string; state: string; log: LogCheck };

/**
 * The findings of `runId`'s whole log in `dataDir`: the kept check when the database is unchanged
 * since it was made, else a fresh one with its own reader (kept when the database did not change
 * from before the reader opened to the end of its read); null once `stop()` says so.
 */
export async function checkWholeRunKept(dataDir: string, runId: string, table: PriceTable, checkpoints: Checkpoints, stop?: () => boolean): Promise<Diagnostic[] | null> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) return [reader.error];
  try {
    // Kept only of a closed database (no -wal: read in place, its state is the file's): a live
    // one's readers may share a view older than its state (shared-event-db.ts), and it changes anyway.
    const closedBefore = !hasWal(dataDir);
    // Read before the reader's first query: its view is then of this state or a later one.
    const basis = foldBasis(reader.value, runId, 'detail', table, checkpoints.digests.every);
    const kept = basis === null ? null : keptCheck(checkpoints, basis, runId);
    if (kept !== null) return withArtifactFindings(kept, dataDir, runId);
    const log = await checkRunLogAsync(reader.value, runId, undefined, stop);
    if (log === null) return null;
    if (basis !== null && closedBefore && !hasWal(dataDir) && databaseState(dataDir) === basis.state) {
      const file: CheckFile = { magic: MAGIC, format: CHECKPOINT_FORMAT, runId, identity: basis.identity, state: basis.state, log };
      checkpoints.store.putNote(basis.key, 'check', serialize(file));
    }
    return withArtifactFindings(log, dataDir, runId);
  } finally {
    reader.value.close();
  }
}

/** The kept findings of `runId`'s whole log when they still hold (the database unchanged since), artifacts checked now; else null. Reads no row. */
export function keptFindings(reader: DataDirReader, runId: string, table: PriceTable, checkpoints: Checkpoints): Diagnostic[] | null {
  const basis = foldBasis(reader, runId, 'detail', table, checkpoints.digests.every);
  const kept = basis === null ? null : keptCheck(checkpoints, basis, runId);
  return kept === null ? null : withArtifactFindings(kept, reader.path, runId);
}

const hasWal = (dataDir: string): boolean => existsSync(join(dataDir, 'events', 'events.db-wal'));

// The kept check of `runId` when it is ours, of this format and made of the database as it is now; else null.
function keptCheck(checkpoints: Checkpoints, basis: FoldBasis, runId: string): LogCheck | null {
  const bytes = checkpoints.store.getNote(basis.key, 'check');
  if (bytes === null) return null;
  let file: Partial<CheckFile>;
  try {
    file = deserialize(bytes) as Partial<CheckFile>;
  } catch {
    return null;
  }
  if (file?.magic !== MAGIC || file.format !== CHECKPOINT_FORMAT || file.runId !== runId || file.log === undefined) return null;
  if (file.identity !== basis.identity || file.state !== basis.state) return null;
  if (!Array.isArray(file.log.findings) || !Array.isArray(file.log.refs)) return null;
  return file.log;
}
