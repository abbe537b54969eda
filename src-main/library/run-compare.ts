/**
 * `run.compare`: a fresh fold of the run's log from disk against the live observer's
 * incremental state when the run is tailed (both through the run accumulator: see
 * shared/compare/live-consistency.ts), else an incremental fold in seeded random batches
 * against the full fold, as `little-inspector compare` does; plus the resume audit.
 *
 * The log is read into one array here, on purpose: the resume audit folds the prefix before
 * every crash boundary and matches calls across the whole run, and the simulated check slices
 * batches and bisects over prefixes; all of them need random access to the events.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { checkConsistency, seededBatches, type Folded } from '../../shared/compare/consistency';
import { checkLiveConsistency } from '../../shared/compare/live-consistency';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { auditResumes } from '../../shared/compare/resume-audit';
import { previewReport, type RunComparison } from '../../shared/compare/run-comparison';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LiveRunSnapshot } from '../sources/run-source';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { readRunLogAsync } from '../sources/little-workflow/run-check';

/** The live side, copied at one instant (the observer keeps mutating its own state), with the table it was priced with. */
export type LiveCapture = { lastSequence: number; foldError: string | null; folded: Folded; table: PriceTable };

/** The live side of a comparison from the observer's capture (folded with `table`); null when it has not folded the run from the start. */
export function captureLive(snapshot: LiveRunSnapshot | undefined, table: PriceTable): LiveCapture | null {
  if (snapshot === undefined || snapshot.lastSequence === 0 || snapshot.folded === null) return null;
  return { lastSequence: snapshot.lastSequence, foldError: snapshot.foldError, folded: snapshot.folded, table };
}

/** Seed of the simulated batches (the CLI's default, so both print the same batches). */
export const COMPARE_SEED = 1;

/**
 * Read the log and compare; `live` must be captured before this is called (no await in between).
 * `upto` compares the log as it stood after that event (time travel; no live side then).
 */
export async function compareRunLog(reader: DataDirReader, runId: string, live: LiveCapture | null, upto?: number): Promise<Result<RunComparison>> {
  const log = await readRunLogAsync(reader, runId);
  if (log.events.length === 0 && log.undecodable.length === 0) {
    return fail(log.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId }));
  }
  // The live state stands at `lastSequence`; rows committed since are not part of it.
  const last = live?.lastSequence ?? upto;
  const events = last === undefined ? log.events : log.events.filter((event) => event.sequence <= last);
  const consistency =
    live === null
      ? checkConsistency(runId, events, { batches: seededBatches(events.length, COMPARE_SEED), fold: { priceTable: BUNDLED_PRICE_TABLE } })
      : checkLiveConsistency(runId, events, live.folded, live.table);
  const audit = auditResumes(runId, events);
  return ok({
    runId,
    source: live === null ? 'simulated' : 'live',
    seed: live === null ? COMPARE_SEED : null,
    lastSequence: events.at(-1)?.sequence ?? 0,
    liveFoldError: live?.foldError ?? null,
    consistency: previewReport(consistency),
    audit,
  });
}
