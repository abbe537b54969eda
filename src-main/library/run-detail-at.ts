/**
 * One little-workflow run's model read from disk in one go, for the CLI (`plan`, `diff`), time
 * travel and tests: the library row, the facts, and the log folded as it is read (from the
 * nearest trusted checkpoint at or below `upto`, when a checkpoint store is given), optionally
 * as of event `upto` ("if it had died here": see shared/run/as-of-facts.ts).
 */
import { resolve } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunDetail } from '../../shared/run/run-detail-types';
import type { CrashBoundary } from '../../shared/fold/crash/crash-types';
import type { RunAccumulator } from '../../shared/run/run-accumulator';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { foldLog, type Checkpoints } from '../engine/fold-log';
import { loadLibrary } from './load-library';
import { factsAsOf, readRunModelFacts, type RunDetailContext } from '../engine/run-stages';

/**
 * Where to stop and how to price; without `upto` the whole log with today's lock fact.
 * `context` (the run's library row and its siblings) saves loading the data dir's library;
 * `checkpoints` lets the fold start from a checkpoint and leave new ones.
 */
export type RunDetailAtOptions = {
  upto?: number;
  table: PriceTable;
  now?: Date;
  checkpoints?: Checkpoints | null;
  context?: Pick<RunDetailContext, 'summary' | 'siblings'>;
};

/** The run view's detail of `runId` in the data dir `dataDir` (findings left empty). */
export function loadRunDetailAt(dataDir: string, runId: string, options: RunDetailAtOptions): Result<RunDetail> {
  return foldRunAt(dataDir, runId, options, (accumulator, facts) => accumulator.detail(facts, options.upto));
}

/** The crash boundary of `runId` as of `upto` (what `plan` prints), as `loadRunDetailAt`'s detail holds it, without the rest. */
export function loadRunBoundaryAt(dataDir: string, runId: string, options: RunDetailAtOptions): Result<CrashBoundary> {
  return foldRunAt(dataDir, runId, options, (accumulator, facts) => accumulator.crashBoundary(facts));
}

/** Fold `runId` as `options` say and hand the accumulator and the run's facts to `finish`. */
function foldRunAt<T>(dataDir: string, runId: string, options: RunDetailAtOptions, finish: (accumulator: RunAccumulator, facts: RunModelFacts) => T): Result<T> {
  const path = resolve(dataDir);
  const table = options.table;
  const context = options.context !== undefined ? ok(options.context) : libraryContext(path, runId, table);
  if (!context.ok) return context;
  const reader = openDataDir(path);
  if (!reader.ok) return reader;
  try {
    const leave = options.upto === undefined ? 'tail' : 'boundaries';
    const fold = foldLog({ reader: reader.value, runId, table, mode: 'detail', upto: options.upto, checkpoints: options.checkpoints ?? null, leave });
    if (fold.accumulator.count === 0 && fold.undecodable.length === 0) {
      return fail(fold.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
    }
    const read = readRunModelFacts(reader.value, runId, context.value, fold);
    const facts = { ...factsAsOf(read, options.upto), now: options.now ?? read.now };
    return ok(finish(fold.accumulator, facts));
  } finally {
    reader.value.close();
  }
}

function libraryContext(path: string, runId: string, table: PriceTable): Result<Pick<RunDetailContext, 'summary' | 'siblings'>> {
  const library = loadLibrary(path, table);
  if (!library.ok) return library;
  const summary = library.value.runs.find((r) => r.runId === runId && r.dataDir === path);
  if (summary === undefined) return fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
  return ok({ summary, siblings: library.value.runs });
}
