/**
 * Reading one run the way little-workflow's CLI does (`listEvents` + fold), with its error
 * names, so `events`/`replay`/`report` print the same bytes and fail the same way.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics';
import type { DataDirInfo } from '../../shared/library';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { PayloadNeeds } from '../../shared/events/payload-needs';
import { RunNotFoundError } from '../../shared/fold/fold-errors';
import { cliErrorName, foldRunStrict, forEachEventStrict, readRunEventsStrict, strictEvents, type StrictFoldOptions } from '../library/strict-run-log';
import type { RunAccumulator } from '../../shared/run/run-accumulator';
import { openDataDir, type DataDirReader } from '../library/data-dir-logs';

/** A read that parses no payload a reader can prove valid without parsing it. */
const NO_PAYLOADS: PayloadNeeds = { types: [] };

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
 * Every event of `runId` in sequence order, or the error `listEvents` would throw (`compare`
 * only: it needs them all at once, see strict-run-log.ts). With `upto`, the log as if it had
 * been truncated after that sequence.
 */
export function listRunEvents(reader: DataDirReader, runId: string, upto?: number): EventEnvelope[] {
  const read = readRunEventsStrict(reader, runId, upto);
  if (!read.ok) throw cliError(read.error);
  return read.value;
}

/**
 * Hand every event of `runId` to `each`, or throw the error `listEvents` would, before handing
 * any: `listEvents` fails on a bad row anywhere, so a first pass reads the log through (folding
 * nothing, keeping nothing) and only then the second hands the events over as they are read.
 * Two reads instead of one array of the whole run. The second pauses whenever `full()` gives a
 * promise (stdout past its buffer) and goes on after it, its statement kept where it stopped, so
 * memory stays at one buffer however slow the consumer.
 */
export async function eachRunEventPaced(reader: DataDirReader, runId: string, each: (event: EventEnvelope) => void, full: () => Promise<void> | null): Promise<void> {
  const last = lastCheckedSequence(reader, runId);
  if (last === 0) return;
  // The second read stops where the first did: rows a live writer committed since were not checked.
  for (const read of strictEvents(reader, runId, last)) {
    if (!read.ok) throw cliError(read.error);
    each(read.event);
    const until = full();
    if (until !== null) await until;
  }
}

/** The first read looks at no payload: each is only proven to parse (by SQLite's json_valid when it can); its last sequence (0: no event). */
function lastCheckedSequence(reader: DataDirReader, runId: string): number {
  let last = 0;
  const checked = forEachEventStrict(reader, runId, (event) => void (last = event.sequence), undefined, NO_PAYLOADS);
  if (!checked.ok) throw cliError(checked.error);
  return last;
}

/** `foldRunStrict` for the CLI: the run's accumulator, or the error little-workflow's CLI would print. */
export function foldRunOrThrow(reader: DataDirReader, runId: string, options: StrictFoldOptions): RunAccumulator {
  const folded = foldRunStrict(reader, runId, options);
  if (!folded.ok) throw cliError(folded.error);
  return folded.value;
}

/** The error the CLI throws for a failed read: little-workflow's named error, else an unreadable data dir. */
export function cliError(failure: Diagnostic): Error {
  if (failure.code === 'run-not-found' && failure.runId !== undefined) return new RunNotFoundError(failure.runId);
  const name = cliErrorName(failure);
  return name === null ? new DataDirError(failure) : new LittleCliError(name, failure.message);
}
