/**
 * The integrity check of a whole run's log kept beside its fold checkpoints, so reopening an
 * unchanged run shows its findings without reading every row again (seconds at 200,000 events).
 * Unlike a checkpoint or the kept head, it is kept only of a closed database (read in place: the
 * `snapshot` recipe, no `-wal`) and holds only while the database is byte for byte the one it
 * read (the same state: device, inode, size, mtime and ctime of events.db and -wal): the chained
 * digest of the rows' keys those trust does not see a payload edited in place, and that is just
 * what the check is there to find. The artifacts the log names are checked again on every use:
 * they change apart from the database.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { checkRunLogAsync, withArtifactFindings, type LogCheck } from '../sources/little-workflow/run-check';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { decodeNote, encodeNote } from './checkpoint-files';
import { databaseState } from './log-digests';
import type { Checkpoints } from './fold-request';
import { foldBasis, type FoldBasis } from './resume-points';

const MAGIC = 'little-inspector/run-check';

type CheckFile = { identity: string; state: string; log: LogCheck };

/**
 * The findings of `runId`'s whole log in `dataDir`: the kept check when the database is unchanged
 * since it was made, else a fresh one with its own reader (kept when the database was read in
 * place and did not change until the end of the read); null once `stop()` says so.
 */
export async function checkWholeRunKept(dataDir: string, runId: string, table: PriceTable, checkpoints: Checkpoints, stop?: () => boolean): Promise<Diagnostic[] | null> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) return [reader.error];
  try {
    const { basis, kept } = lookUp(reader.value, runId, table, checkpoints);
    if (kept !== null) return withArtifactFindings(kept, dataDir, runId);
    const log = await checkRunLogAsync(reader.value, runId, undefined, stop);
    if (log === null) return null;
    // Only of a database read in place: a live one's readers may share a mirror older than its
    // state (shared-event-db.ts), and it changes anyway. In place, SQLite read the file as it was
    // during the read: the same state at its end (a -wal appearing changes it too) is that file.
    if (basis !== null && reader.value.recipe === 'snapshot' && databaseState(dataDir) === basis.state) {
      checkpoints.store.putNote(basis.key, 'check', encodeNote<CheckFile>(MAGIC, runId, { identity: basis.identity, state: basis.state, log }));
    }
    return withArtifactFindings(log, dataDir, runId);
  } finally {
    reader.value.close();
  }
}

/**
 * The kept check of `runId`'s whole log when it still holds (the database unchanged since); else
 * null. Reads no row and no artifact: the caller checks those (`withArtifactFindings`) where it
 * can wait for them.
 */
export function keptCheck(reader: DataDirReader, runId: string, table: PriceTable, checkpoints: Checkpoints): LogCheck | null {
  return lookUp(reader, runId, table, checkpoints).kept;
}

// The run's basis (read before any row, so the read's view is of this state or a later one) and its kept check if it still holds.
function lookUp(reader: DataDirReader, runId: string, table: PriceTable, checkpoints: Checkpoints): { basis: FoldBasis | null; kept: LogCheck | null } {
  const basis = foldBasis(reader, runId, 'detail', table, checkpoints.digests.every);
  if (basis === null) return { basis, kept: null };
  const file = decodeNote<CheckFile>(checkpoints.store.getNote(basis.key, 'check'), MAGIC, runId);
  const holds = file !== null && file.identity === basis.identity && file.state === basis.state && Array.isArray(file.log?.findings) && Array.isArray(file.log?.refs);
  return { basis, kept: holds ? (file.log as LogCheck) : null };
}
