/**
 * One little-workflow run's model read from disk in one go, for the CLI (`plan`, `diff`) and
 * tests: the library row, the log and the facts, then the pure `buildRunDetail`, optionally as
 * of event `upto` ("if it had died here": see shared/run/as-of-facts.ts).
 */
import { resolve } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { buildRunDetail } from '../../shared/run/build-run-detail';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { readRunLog } from '../sources/little-workflow/run-check';
import { loadLibrary } from './load-library';
import { factsAsOf, readRunModelFacts } from './run-detail';

/** Where to stop and how to price; without `upto` the whole log with today's lock fact. */
export type RunDetailAtOptions = { upto?: number; table?: PriceTable; now?: Date };

/** The run view's detail of `runId` in the data dir `dataDir` (findings left empty). */
export function loadRunDetailAt(dataDir: string, runId: string, options: RunDetailAtOptions = {}): Result<RunDetail> {
  const path = resolve(dataDir);
  const table = options.table ?? BUNDLED_PRICE_TABLE;
  const library = loadLibrary(path, table);
  if (!library.ok) return library;
  const summary = library.value.runs.find((r) => r.runId === runId && r.dataDir === path);
  if (summary === undefined) return fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
  const reader = openDataDir(path);
  if (!reader.ok) return reader;
  try {
    const log = readRunLog(reader.value, runId);
    if (log.events.length === 0 && log.undecodable.length === 0) {
      return fail(log.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
    }
    const read = readRunModelFacts(reader.value, runId, { summary, siblings: library.value.runs, table }, log);
    const facts = { ...factsAsOf(read, options.upto), now: options.now ?? read.now };
    return ok(buildRunDetail({ events: log.events, facts, table, upto: options.upto }));
  } finally {
    reader.value.close();
  }
}
