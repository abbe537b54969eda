/**
 * Reading one run the way little-workflow's CLI does (`listEvents` + fold), with its error
 * names, so `events`/`replay`/`report` print the same bytes and fail the same way.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics';
import type { DataDirInfo } from '../../shared/library';
import { RUN_ID_PATTERN, type EventEnvelope } from '../../shared/events/envelope';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import type { MaterializedRunState } from '../../shared/fold/run-state-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { foldRun, type Checkpoints } from '../library/checkpoints/fold-checkpointed';
import type { RunAccumulator } from '../../shared/run/run-accumulator';

/** little-workflow's default data dir, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.little-workflow';

/** An error as little-workflow's CLI prints it: `<name>: <message>`, exit 1. */
export class LittleCliError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = errorName;
  }
}

/** The data dir can't be read at all: our own typed diagnostic, exit 2. */
export class DataDirError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
    this.name = 'DataDirError';
  }
}

/**
 * The read error of a data dir that yielded no run because it could not be read (an error
 * diagnostic and no runs), or null. `runs` fails with it when every data dir is like that;
 * `export` fails with it, instead of RunNotFoundError, when the run may be in such a dir.
 */
export function unreadableDataDirError(dirs: readonly DataDirInfo[]): Diagnostic | null {
  for (const dir of dirs) {
    const error = dir.runCount === 0 ? dir.diagnostics.find((d) => d.severity === 'error') : undefined;
    if (error) return error;
  }
  return null;
}

/** Open `--data-dir` (default `.little-workflow` under `cwd`) or throw DataDirError. */
export function openDataDirArg(dataDir: string | undefined, cwd = process.cwd()): DataDirReader {
  const opened = openDataDir(resolve(cwd, dataDir ?? DEFAULT_DATA_DIR));
  if (!opened.ok) throw new DataDirError(opened.error);
  return opened.value;
}

/**
 * Every event of `runId` in sequence order, or the error `listEvents` would throw. With `upto`,
 * the log as if it had been truncated after that sequence: rows past it are never read, so a
 * bad payload after `upto` fails nothing (as it could not in the truncated log).
 */
export function listRunEvents(reader: DataDirReader, runId: string, upto?: number): EventEnvelope[] {
  if (!RUN_ID_PATTERN.test(runId)) throw new LittleCliError('WorldPathError', `Invalid run id: ${runId}`);
  const events: EventEnvelope[] = [];
  for (const read of reader.readEvents(runId)) {
    const sequence = read.ok ? read.event.sequence : read.sequence;
    if (upto !== undefined && sequence !== null && sequence > upto) break;
    if (read.ok) {
      events.push(read.event);
    } else if (read.sequence === null) {
      throw new DataDirError(read.diagnostic);
    } else {
      // listEvents parses every payload up front: one bad payload fails the whole command.
      throw new LittleCliError('SyntaxError', jsonParseMessage(read.raw.payloadText, read.diagnostic.message));
    }
  }
  return events;
}

/** What a strict fold of a run needs: price table, where to stop, checkpoints (or none). */
export type StrictFoldOptions = { table: PriceTable; upto?: number; checkpoints: Checkpoints | null };

/**
 * The run folded the way `little report`/`replay` fold it, through the one read -> fold path
 * (rows folded as read, from a trusted checkpoint when one exists, payloads the fold never
 * reads never parsed twice), failing like `listRunEvents` + `materializeRunState`: an invalid
 * run id, then the first row that is not JSON (little-workflow parses every payload first) or
 * a read failure, then RunNotFoundError for no events, then the fold's own error.
 */
export function foldRunStrict(reader: DataDirReader, runId: string, options: StrictFoldOptions): { state: MaterializedRunState; accumulator: RunAccumulator } {
  if (!RUN_ID_PATTERN.test(runId)) throw new LittleCliError('WorldPathError', `Invalid run id: ${runId}`);
  const fold = foldRun({ reader, runId, table: options.table, mode: 'fold', upto: options.upto, checkpoints: options.checkpoints });
  const bad = fold.undecodable[0];
  if (bad !== undefined) {
    for (const read of reader.readEvents(runId, bad.sequence - 1, bad.sequence)) {
      if (!read.ok && read.sequence !== null) throw new LittleCliError('SyntaxError', jsonParseMessage(read.raw.payloadText, read.diagnostic.message));
    }
    throw new LittleCliError('SyntaxError', bad.diagnostic.message);
  }
  if (fold.readFailures.length > 0) throw new DataDirError(fold.readFailures[0]);
  const error = fold.accumulator.strictError();
  if (error !== null) throw new LittleCliError(error.name, error.message);
  return { state: fold.accumulator.state(), accumulator: fold.accumulator };
}

function jsonParseMessage(text: string, refused: string): string {
  try {
    JSON.parse(text);
    // It parses, so the store refused it for another reason (nesting too deep).
    return refused;
  } catch (error) {
    return (error as Error).message;
  }
}
