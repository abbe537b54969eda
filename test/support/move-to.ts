/**
 * One time-travel move as the worker serves it, for tests: the run's detail fold up to `upto`
 * (from whatever resume point `checkpoints` offers; none: from the first event), its head and
 * lists as JSON text (what crosses to main) with a fixed "now", and where the fold started.
 */
import type { RunSummary } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { factsIfDiedAfterCut } from '../../shared/run/as-of-facts';
import { runDetailLists } from '../../shared/run/folded-run';
import { headOfFolded } from '../../shared/run/run-head';
import { foldLog, type Checkpoints } from '../../src-main/engine/fold-log';
import { readRunModelFacts } from '../../src-main/engine/run-stages';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { seededShuffle } from '../../scripts/bench/timing';

const NOW = new Date('2026-12-01T00:00:00Z');
const table = BUNDLED_PRICE_TABLE;

/** The head and the lists at `upto` as JSON text, and the sequence the fold resumed after. */
export function moveTo(dataDir: string, runId: string, checkpoints: Checkpoints | null, upto: number): { head: string; lists: string; resumedFrom: number } {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const fold = foldLog({ reader: reader.value, runId, table, mode: 'detail', upto, checkpoints, leave: 'boundaries' });
    const context = { summary: { runId } as RunSummary, siblings: [] };
    const facts = { ...factsIfDiedAfterCut({ ...readRunModelFacts(reader.value, runId, context, fold), now: NOW }), ref: { dataDir, runId, at: upto } };
    const folded = fold.accumulator.folded(facts, upto);
    const head = JSON.stringify(headOfFolded(folded, table));
    const lists = JSON.stringify(runDetailLists(folded, table));
    return { head, lists, resumedFrom: fold.resumedFrom };
  } finally {
    reader.value.close();
  }
}

/** Every N of 1..last once, in a seeded random order. */
export function shuffledCuts(last: number, seed: number): number[] {
  return seededShuffle(Array.from({ length: last }, (_, i) => i + 1), seed);
}
