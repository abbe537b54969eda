/**
 * A loopctl data dir: a folder holding `trajectory.jsonl` and/or `events.jsonl`. Both files
 * are tailed by byte offset (see loopctl-tail.ts); decoded lines accumulate per file, and a
 * file that was truncated or replaced drops its earlier lines before being re-read.
 * Nothing here writes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../shared/diagnostics';
import { decodeLedgerLines, foldLoopctl, type LoopctlFold, type LoopctlLedgers } from '../../../shared/loopctl/fold-ledgers';
import type { LedgerFile } from '../../../shared/loopctl/ledger-parser';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { openLedgerTail, type LedgerTail, type TailOptions, type TailReset } from './loopctl-tail';
import { pushAll } from '../../../shared/math/push-all';

/** The two file names loopctl's observers write. */
export const LOOPCTL_FILES: readonly LedgerFile[] = ['trajectory.jsonl', 'events.jsonl'];

const MAX_NOTICES = 50;

/** True when `dir` holds at least one loopctl ledger file. */
export function isLoopctlDir(dir: string): boolean {
  return LOOPCTL_FILES.some((file) => existsSync(join(dir, file)));
}

/** What one `refresh()` saw. */
export type LoopctlRefresh = { newLines: number; resets: Partial<Record<LedgerFile, TailReset>>; diagnostics: Diagnostic[] };

/** A live, read-only view of one loopctl data dir. */
export type LoopctlDirReader = {
  readonly path: string;
  /** Read what was appended (all of it on the first call). */
  refresh(): LoopctlRefresh;
  /** Fold everything read so far; the unfinished last lines are settled by the torn-line rule. */
  fold(table: PriceTable): LoopctlFold;
  /** Decoded lines read so far; `settle: false` leaves unfinished last lines out (the live tail waits for their newline). */
  ledgers(settle?: boolean): LoopctlLedgers;
  close(): void;
};

/** Open a loopctl data dir for reading and tailing. */
export function openLoopctlDir(dir: string, options: TailOptions = {}): LoopctlDirReader {
  const tails = new Map<LedgerFile, LedgerTail>(LOOPCTL_FILES.map((file) => [file, openLedgerTail(join(dir, file), file, options)]));
  const decoded = new Map<LedgerFile, LoopctlLedgers>(LOOPCTL_FILES.map((file) => [file, emptyLedgers()]));
  const notices: Diagnostic[] = [];

  return {
    path: dir,
    refresh() {
      const result: LoopctlRefresh = { newLines: 0, resets: {}, diagnostics: [] };
      for (const [file, tail] of tails) {
        for (;;) {
          const read = tail.readNew();
          if (read.reset !== null) {
            result.resets[file] = read.reset;
            decoded.set(file, emptyLedgers());
          }
          result.newLines += read.lines.length;
          pushAll(result.diagnostics, read.diagnostics);
          const into = decoded.get(file)!;
          pushAll(into.diagnostics, read.diagnostics.filter((d) => d.detail?.line !== undefined));
          decodeLedgerLines(file, read.lines, into, tail.path);
          if (!read.more) break;
        }
      }
      pushAll(notices, result.diagnostics.filter((d) => d.detail?.line === undefined));
      notices.splice(0, Math.max(0, notices.length - MAX_NOTICES));
      return result;
    },
    ledgers(settle = true) {
      const all: LoopctlLedgers = { events: [], records: [], diagnostics: [] };
      for (const [file, tail] of tails) {
        const mine = decoded.get(file)!;
        pushAll(all.events, mine.events);
        pushAll(all.records, mine.records);
        pushAll(all.diagnostics, mine.diagnostics);
        if (!settle) continue;
        const settled = tail.settle();
        pushAll(all.diagnostics, settled.diagnostics);
        decodeLedgerLines(file, settled.lines, all, tail.path);
      }
      return all;
    },
    fold(table) {
      const fold = foldLoopctl(this.ledgers(true), table, dir);
      return { runs: fold.runs, diagnostics: [...notices, ...fold.diagnostics] };
    },
    close() {
      for (const tail of tails.values()) tail.close();
    },
  };
}

/** Read a loopctl data dir once and fold it. */
export function readLoopctlDir(dir: string, table: PriceTable, options: TailOptions = {}): LoopctlFold {
  const reader = openLoopctlDir(dir, options);
  try {
    reader.refresh();
    return reader.fold(table);
  } finally {
    reader.close();
  }
}

function emptyLedgers(): LoopctlLedgers {
  return { events: [], records: [], diagnostics: [] };
}
