/** A fixture run read as the app reads it: its list row, its log and the facts beside it (a fixed now). */
import type { EventEnvelope } from '../../shared/events/envelope';
import type { RunSummary } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { RunModelFacts } from '../../shared/run/build-run-detail';
import { loadLibrary } from '../../src-main/library/load-library';
import { readRunModelFacts } from '../../src-main/engine/run-stages';
import { readRunLog } from '../../src-main/sources/little-workflow/run-check';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { fixtureRun } from './fixture-manifest';

export const FIXTURE_NOW = new Date('2026-12-01T00:00:00Z');

export type FixtureRunLog = { summary: RunSummary; events: EventEnvelope[]; facts: RunModelFacts };

/** The one fixture run whose description contains `text`, read with the bundled price table. */
export function readFixtureRun(text: string): FixtureRunLog {
  const row = fixtureRun(text);
  return readRunIn(row.dir, row.runId);
}

/** Run `runId` of the data dir `dir`, read with the bundled price table. */
export function readRunIn(dir: string, runId: string): FixtureRunLog {
  const library = loadLibrary(dir, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  const summary = library.value.runs.find((r) => r.runId === runId)!;
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const log = readRunLog(reader.value, runId);
    const context = { summary, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE };
    const facts: RunModelFacts = { ...readRunModelFacts(reader.value, runId, context, log), now: FIXTURE_NOW };
    return { summary, events: log.events, facts };
  } finally {
    reader.value.close();
  }
}
