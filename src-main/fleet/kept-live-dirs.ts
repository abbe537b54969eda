/**
 * Live data dirs held open between the fleet index's live updates, so that their private mirror
 * (sources/little-workflow/wal-mirror.ts) stays in the index's thread and each update reads only
 * the WAL frames committed since the last one. Without the hold the update's reader was the last
 * lease out of the thread's shared database (shared-event-db.ts), which removed the mirror, and
 * the next update copied the whole events.db again: a live dir of 500 MB was read whole per commit.
 *
 * Only a dir read through a mirror (a `-wal` exists) is held, and only while updates come: a dir
 * not updated for `idleMs` is let go (its mirror's copy in the temp folder with it).
 */
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../sources/little-workflow/store-types';

/** How long a live dir stays held after its last update. */
export const KEEP_LIVE_DIR_MS = 30_000;

export class KeptLiveDirs {
  private readonly held = new Map<string, { reader: DataDirReader; timer: NodeJS.Timeout }>();

  constructor(private readonly idleMs = KEEP_LIVE_DIR_MS) {}

  /** Hold `path` (a little-workflow data dir) for `idleMs` more, when it is read through a mirror. */
  keep(path: string): void {
    const held = this.held.get(path);
    if (held !== undefined) {
      held.timer.refresh();
      return;
    }
    const opened = openDataDir(path);
    if (!opened.ok) return;
    if (opened.value.recipe !== 'private-copy') {
      opened.value.close();
      return;
    }
    const timer = setTimeout(() => this.letGo(path), this.idleMs);
    // The hold never keeps a process (a CLI's `serve`, a test) alive on its own.
    timer.unref();
    this.held.set(path, { reader: opened.value, timer });
  }

  /** The dirs held now. */
  paths(): string[] {
    return [...this.held.keys()];
  }

  letGo(path: string): void {
    const held = this.held.get(path);
    if (held === undefined) return;
    this.held.delete(path);
    clearTimeout(held.timer);
    held.reader.close();
  }

  close(): void {
    for (const path of [...this.held.keys()]) this.letGo(path);
  }
}
