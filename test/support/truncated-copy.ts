/**
 * A private copy of a data dir whose log for one run can be cut back, as if the writer had
 * stopped after event N: the reference the time-travel views (`--at`, `upto`) are checked
 * against. The original is only copied, never opened for writing.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type TruncatableCopy = {
  /** The copied data dir (the folder holding `events/`). */
  dir: string;
  /** Delete every row of `runId` after sequence `upto` in the copy (cuts only ever shorten it). */
  truncateAfter(runId: string, upto: number): void;
  /** Remove the copy. */
  dispose(): void;
};

/** Copy `dataDir` (events, artifacts, locks, manifests) to a temp folder. */
export function truncatableCopy(dataDir: string): TruncatableCopy {
  const root = mkdtempSync(join(tmpdir(), 'li-trunc-'));
  const dir = join(root, 'data');
  cpSync(dataDir, dir, { recursive: true });
  return {
    dir,
    truncateAfter(runId, upto) {
      const db = new Database(join(dir, 'events', 'events.db'), { fileMustExist: true });
      try {
        db.prepare('DELETE FROM events WHERE run_id = ? AND sequence > ?').run(runId, upto);
      } finally {
        db.close();
      }
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
