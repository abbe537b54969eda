/**
 * The ledger records of one loopctl run with their parsed bodies, for the events tab and
 * `run.event(s)`: both files read once (bounded reads through the tails, the torn last line
 * settled like `readLoopctlDir`), folded, and the run's records picked out in order.
 */
import { join } from 'node:path';
import { decodeLedgerLines, foldLoopctl, type LoopctlLedgers } from '../../../shared/loopctl/fold-ledgers';
import type { LedgerFile, LedgerLine } from '../../../shared/loopctl/ledger-parser';
import { indexRunRecords, recordEventId, type RunRecordRef } from '../../../shared/loopctl/run-records';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { LOOPCTL_FILES } from './loopctl-reader';
import { openLedgerTail, type TailOptions } from './loopctl-tail';
import { pushAll } from '../../../shared/math/push-all';

/** One record of a run: where it is and the JSON object its line holds (unsafe integers still tagged). */
export type RunRecord = { ref: RunRecordRef; value: Record<string, unknown> };

/** The records of `runId` in `dir`, or null when the folder has no such run. */
export function readRunRecords(dir: string, runId: string, options: TailOptions = {}): RunRecord[] | null {
  return readAllRunRecords(dir, options).get(runId) ?? null;
}

/** The records of every run in `dir` (both ledgers read and folded once), by run id. */
export function readAllRunRecords(dir: string, options: TailOptions = {}): Map<string, RunRecord[]> {
  const ledgers: LoopctlLedgers = { events: [], records: [], diagnostics: [] };
  const bodies = new Map<string, Record<string, unknown>>();
  for (const file of LOOPCTL_FILES) {
    const lines = readLines(join(dir, file), file, options);
    for (const line of lines) bodies.set(recordEventId({ file, line: line.line }), line.value);
    decodeLedgerLines(file, lines, ledgers);
  }
  const fold = foldLoopctl(ledgers, BUNDLED_PRICE_TABLE, dir);
  const index = indexRunRecords(ledgers, fold.runs);
  return new Map(fold.runs.map((run) => [run.id, (index.get(run.id) ?? []).map((ref) => ({ ref, value: bodies.get(recordEventId(ref)) ?? {} }))]));
}

function readLines(path: string, file: LedgerFile, options: TailOptions): LedgerLine[] {
  const tail = openLedgerTail(path, file, options);
  try {
    const lines: LedgerLine[] = [];
    for (;;) {
      const read = tail.readNew();
      pushAll(lines, read.lines);
      if (!read.more) break;
    }
    pushAll(lines, tail.settle().lines);
    return lines;
  } finally {
    tail.close();
  }
}
