/**
 * Informational throughputs over an in-memory event array: the full fold
 * (`materializeRunState`), the harness view and the integrity checks (with node:crypto's
 * sha256, as `little-inspector check` uses them).
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { EventEnvelope } from '../../shared/events/envelope';
import { buildHarnessView } from '../../shared/fold/harness/harness-view';
import { integrityFindings } from '../../shared/fold/integrity/integrity-findings';
import { materializeRunState } from '../../shared/fold/run-state';
import type { MaterializedRunState } from '../../shared/fold/run-state-types';
import { sha256Hex } from '../../src-main/sources/little-workflow/run-check';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { perSecond, repeat } from './timing';

/** Median time and events/s of one derivation over the whole array. */
export type DerivedRate = { medianMs: number; eventsPerSecond: number };

/** Rates of the three derivations, plus what they produced (for sanity checks). */
export type DerivedRates = {
  events: number;
  materialize: DerivedRate;
  harnessView: DerivedRate;
  integrity: DerivedRate;
  /** State of `materializeRunState` over the array. */
  materializedState: MaterializedRunState;
  harnessSessions: number;
  integrityFindings: number;
};

/** Read every event of `runId` into an array through the store (throws on any failed read). */
export function readRunEvents(dataDir: string, runId: string): EventEnvelope[] {
  const opened = openDataDir(dataDir);
  if (!opened.ok) throw new Error(`openDataDir failed: ${opened.error.message}`);
  try {
    const events: EventEnvelope[] = [];
    for (const read of opened.value.readEvents(runId)) {
      if (!read.ok) throw new Error(`read failed: ${read.diagnostic.message}`);
      events.push(read.event);
    }
    return events;
  } finally {
    opened.value.close();
  }
}

/**
 * Time each derivation `rounds` times (the integrity checks, which hash every event id,
 * `integrityRounds` times) and report medians.
 */
export function measureDerived(runId: string, events: readonly EventEnvelope[], rounds: number, integrityRounds = rounds): DerivedRates {
  const rate = (medianMs: number): DerivedRate => ({ medianMs, eventsPerSecond: perSecond(events.length, medianMs) });
  const materialize = repeat(rounds, () => materializeRunState(runId, events, { priceTable: BUNDLED_PRICE_TABLE }));
  const view = repeat(rounds, () => buildHarnessView(events));
  const integrity = repeat(integrityRounds, () => integrityFindings(events, { sha256Hex, runId }));
  return {
    events: events.length,
    materialize: rate(materialize.medianMs),
    harnessView: rate(view.medianMs),
    integrity: rate(integrity.medianMs),
    materializedState: materialize.runs[0].value,
    harnessSessions: view.runs[0].value.sessions.length,
    integrityFindings: integrity.runs[0].value.length,
  };
}
