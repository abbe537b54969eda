/**
 * A data dir's reader held on one snapshot for an index pass (DataDirReader.hold): every read of
 * the pass (a run's rows, its key digest) then skips the sidecar check and the stats it costs,
 * which per run was more than reading a small run's rows (docs/FLEET.md "Scale"). The hold is let
 * go while the build yields to the event loop, so the thread's other readers (the live observer
 * of an in-thread build) see new commits then; `snapshot` names the hold the reads are under.
 */
import type { DataDirReader } from '../sources/little-workflow/store-types';

export class HeldReader {
  private release: (() => void) | null = null;
  private holds = 0;

  constructor(private readonly reader: DataDirReader | null) {}

  /** Take the hold (nothing when the reader cannot hold or the snapshot cannot be opened: reads then check as usual). */
  take(): void {
    if (this.release !== null || this.reader?.hold === undefined) return;
    const held = this.reader.hold();
    if (!held.ok) return;
    this.release = held.value;
    this.holds += 1;
  }

  /** Let the snapshot go (before a yield, and before the reader is closed). */
  letGo(): void {
    this.release?.();
    this.release = null;
  }

  /** Await `turn` (a yield of the build) with the hold let go, then take it again. */
  async across(turn: void | Promise<void>): Promise<void> {
    if (turn === undefined) return;
    this.letGo();
    try {
      await turn;
    } finally {
      this.take();
    }
  }

  /** The name of the hold reads are under now, or undefined while none is held (digests then stat the files). */
  snapshot(): string | undefined {
    return this.release === null ? undefined : `hold ${this.holds}`;
  }
}
