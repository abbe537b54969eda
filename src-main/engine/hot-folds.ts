/**
 * The last time-travel move's fold, kept alive (not serialised) so the next move forward folds
 * only the rows between the two: scrubbing, `]` and clicking a later event cost the gap, not a
 * checkpoint's decode. A kept fold is handed back only while the database is in the state it
 * was read in (device, inode, size and mtime of events.db and its -wal: log-digests.ts), so
 * every row it folded is still the log's; whoever takes it owns it until it keeps it again.
 */
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { RunAccumulator } from '../../shared/run/run-accumulator';

/** Where a fold stands: its accumulator and the digest chain of the rows it read (fold-checkpointed.ts). */
export type FoldPosition = {
  accumulator: RunAccumulator;
  undecodable: UndecodableRow[];
  /** Sequence of the last row read. */
  sequence: number;
  /** Chained digest up to the last boundary at or below `sequence`, and the keys of the rows after it. */
  digest: string;
  sliceKeys: string[];
};

/** Live folds by fold key (data dir, run, mode, table, spacing); at most `limit`, the least recently kept dropped. */
export class HotFolds {
  private readonly folds = new Map<string, { state: string; position: FoldPosition }>();

  /** `limit`: folds kept at once (each holds a whole run's state in memory). */
  constructor(private readonly limit = 1) {}

  /** The kept fold of `key` if the database is still in `state` and it stands at or below `atMost`; taken out (the caller owns it). */
  take(key: string, state: string, atMost: number): FoldPosition | null {
    const kept = this.folds.get(key);
    if (kept === undefined || kept.state !== state || kept.position.sequence > atMost) return null;
    this.folds.delete(key);
    return kept.position;
  }

  /** Where a kept fold of `key` stands, without taking it (null: none, or the database changed). */
  peek(key: string, state: string): number | null {
    const kept = this.folds.get(key);
    return kept === undefined || kept.state !== state ? null : kept.position.sequence;
  }

  /** Keep `position` (read while the database was in `state`) for the next move. */
  keep(key: string, state: string, position: FoldPosition): void {
    this.folds.delete(key);
    this.folds.set(key, { state, position });
    for (const name of this.folds.keys()) {
      if (this.folds.size <= this.limit) break;
      this.folds.delete(name);
    }
  }

  /** Drop every kept fold. */
  clear(): void {
    this.folds.clear();
  }
}
