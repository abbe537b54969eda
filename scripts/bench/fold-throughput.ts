/**
 * Fold throughput of one big run: a bare better-sqlite3 loop (the floor any reader pays)
 * against the product path (openDataDir → readEvents → createRunState/applyEvent), run
 * in alternating rounds in the same process so both see the same machine noise.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { applyEvent, createRunState } from '../../shared/fold/run-state';
import type { MaterializedRunState } from '../../shared/fold/run-state-types';
import { median, perSecond, timed } from './timing';

/** One timed pass over a run: events seen, elapsed ms (open included) and events/s. */
export type FoldPass = { events: number; ms: number; eventsPerSecond: number };

/** Medians of the interleaved rounds and the product/baseline throughput ratio. */
export type FoldComparison = {
  rounds: number;
  baseline: FoldPass[];
  product: FoldPass[];
  baselineMedianMs: number;
  productMedianMs: number;
  baselineEventsPerSecond: number;
  productEventsPerSecond: number;
  /** productEventsPerSecond / baselineEventsPerSecond (1 = no overhead over the bare loop). */
  ratio: number;
  /** The state the last product round folded (for the well-formedness checks). */
  finalState: MaterializedRunState;
};

/** Same columns and order as the store's `readEvents`, so both sides pay the same driver cost. */
const BASELINE_SQL =
  'SELECT sequence, event_id, type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? ORDER BY sequence';

/**
 * The bare loop: open the db the way the store's `snapshot` recipe does on Node 20 (an
 * in-memory copy with the WAL header bytes patched), then `.iterate()` + `JSON.parse(payload)`.
 */
export function baselineScan(dataDir: string, runId: string): FoldPass {
  const { value: events, ms } = timed(() => {
    const buffer = readFileSync(join(dataDir, 'events', 'events.db'));
    if (buffer.length > 19) {
      buffer[18] = 1;
      buffer[19] = 1;
    }
    const db = new Database(buffer, { readonly: true });
    try {
      let count = 0;
      for (const row of db.prepare(BASELINE_SQL).iterate(runId) as IterableIterator<{ payload: string }>) {
        JSON.parse(row.payload);
        count += 1;
      }
      return count;
    } finally {
      db.close();
    }
  });
  return { events, ms, eventsPerSecond: perSecond(events, ms) };
}

/** The product path: open the data dir, stream the run and fold it event by event. */
export function productFold(dataDir: string, runId: string): FoldPass & { state: MaterializedRunState } {
  const { value: state, ms } = timed(() => foldRun(dataDir, runId));
  return { events: state.eventCount, ms, eventsPerSecond: perSecond(state.eventCount, ms), state };
}

/**
 * Open `dataDir`, stream `runId` through `applyEvent`; `onEvent` (if given) is called after
 * each applied event with the count so far. Throws on any read failure.
 */
export function foldRun(dataDir: string, runId: string, onEvent?: (applied: number) => void): MaterializedRunState {
  const opened = openDataDir(dataDir);
  if (!opened.ok) throw new Error(`openDataDir failed: ${opened.error.message}`);
  try {
    const state = createRunState(runId);
    for (const read of opened.value.readEvents(runId)) {
      if (!read.ok) throw new Error(`read failed: ${read.diagnostic.message}`);
      applyEvent(state, read.event, { priceTable: BUNDLED_PRICE_TABLE });
      if (onEvent !== undefined) onEvent(state.eventCount);
    }
    return state;
  } finally {
    opened.value.close();
  }
}

/**
 * `rounds` rounds of baseline and product, alternating which goes first each round (so
 * neither side always runs on a warmer cache), after one untimed warm-up of each.
 */
export function compareFold(dataDir: string, runId: string, rounds: number): FoldComparison {
  baselineScan(dataDir, runId);
  productFold(dataDir, runId);
  const baseline: FoldPass[] = [];
  const product: FoldPass[] = [];
  let finalState: MaterializedRunState | undefined;
  const runProduct = () => {
    const { state, ...pass } = productFold(dataDir, runId);
    finalState = state;
    product.push(pass);
  };
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      baseline.push(baselineScan(dataDir, runId));
      runProduct();
    } else {
      runProduct();
      baseline.push(baselineScan(dataDir, runId));
    }
  }
  if (finalState === undefined) throw new Error('compareFold needs at least one round');
  const events = finalState.eventCount;
  const baselineMedianMs = median(baseline.map((p) => p.ms));
  const productMedianMs = median(product.map((p) => p.ms));
  const baselineEventsPerSecond = perSecond(events, baselineMedianMs);
  const productEventsPerSecond = perSecond(events, productMedianMs);
  return {
    rounds,
    baseline,
    product,
    baselineMedianMs,
    productMedianMs,
    baselineEventsPerSecond,
    productEventsPerSecond,
    ratio: productEventsPerSecond / baselineEventsPerSecond,
    finalState,
  };
}
