/**
 * `little-inspector tail [runId] [--data-dir DIR] [--json] [--from-start]`: print events as
 * they commit, like `tail -f`, until SIGINT. `--json` prints each envelope exactly as
 * `little events` does; otherwise one line per event (time, run, sequence, type, step). Run
 * start and end notices go to stderr.
 */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { resolve } from 'node:path';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { formatEventLine } from '../../../shared/report/cli-lines';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { isLittleWorkflowFormat, openDataDir, recogniseDataDir } from '../../library/data-dir-logs';
import { createLiveObserver, type LiveObserver, type LiveObserverOptions } from '../../library/tail-observer';
import type { LiveBatch } from '../../../shared/live/live-notifications';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { formatDiagnostic } from '../format-diagnostic';
import { DataDirError, DEFAULT_DATA_DIR } from '../run-log';
import { terminalSafe } from '../terminal-safe';

/**
 * Seams for tests: stop without a signal, faster polling, and how long the first read of every
 * data dir is waited for before `# following` is printed anyway (naming those still unread).
 */
export type TailOptions = { signal?: AbortSignal; observer?: Partial<LiveObserverOptions>; baselineWaitMs?: number };

/** How often the first read is retried while a data dir has no baseline (a copy that kept changing). */
const BASELINE_RETRY_MS = 20;

/** The human line of one event; every field from the log is shown, never obeyed (terminal controls escaped). */
export function formatTailLine(event: EventEnvelope): string {
  const stepPath = (event.payload as { stepPath?: unknown } | null)?.stepPath;
  const step = typeof stepPath === 'string' ? `  ${stepPath}` : '';
  return `${terminalSafe(`${event.recordedAt}  ${event.runId}  #${event.sequence}  ${event.type}${step}`)}\n`;
}

/** Follow the data dir until SIGINT (or `options.signal`); exit 0, or 2 when it cannot be read. */
export async function tailCommand(argv: string[], io: CliIo, options: TailOptions = {}): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, 'from-start': false });
  if (positionals.length > 1) throw new UsageError('Usage: little-inspector tail [runId] [--data-dir DIR] [--json] [--from-start]');
  const runId = positionals[0];
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) throw new UsageError(`"${runId}" is not a little-workflow run id`);
  const dataDir = resolve(typeof flags['data-dir'] === 'string' ? flags['data-dir'] : DEFAULT_DATA_DIR);
  // Fail early (exit 2) when the folder is not a data dir at all (no source reads it), or is a
  // little-workflow data dir whose log cannot be read (README's exit codes: 2, as every command).
  const format = recogniseDataDir(dataDir);
  if (format === null || isLittleWorkflowFormat(format)) checkReadable(dataDir);
  const json = flags.json === true;
  const observer = createLiveObserver({
    root: dataDir,
    // `tail` has no --price-table: its lines price with the bundled table, said here rather than by a default.
    priceTable: BUNDLED_PRICE_TABLE,
    discoverMs: 0,
    replayExisting: flags['from-start'] === true,
    ...(runId !== undefined ? { runFilter: (id: string) => id === runId } : {}),
    logError: (message) => io.stderr(`${terminalSafe(message)}\n`),
    ...options.observer,
  });
  // Notices quote run ids, reasons and folder names from disk: each line passes terminalSafe.
  const note = (text: string) => io.stderr(`${terminalSafe(text)}\n`);
  observer.subscribe('cli-tail', (batch: LiveBatch) => {
    for (const notice of batch) {
      switch (notice.kind) {
        case 'run.delta':
          for (const event of notice.events) io.stdout(json ? formatEventLine(event) : formatTailLine(event));
          break;
        case 'run.started':
          note(`# run ${notice.runId} started (${notice.reason})`);
          break;
        case 'run.ended':
          note(`# run ${notice.runId} ended (${notice.reason}) after ${notice.summary.lastSequence} events`);
          break;
        case 'run.reset':
          note(`# run ${notice.runId} was ${notice.reason} (had ${notice.previousSequence} events); following it again from sequence 1`);
          break;
        case 'dataDir.lost':
        case 'dataDir.restored':
        case 'dataDir.added':
          note(`# data dir ${notice.dataDir}: ${notice.kind.slice('dataDir.'.length)}`);
          break;
        case 'diagnostic':
          note(`# ${formatDiagnostic(notice.diagnostic)}`);
          break;
      }
    }
  });
  let stopRequested = false;
  const stopped = new Promise<void>((done) => {
    const stop = () => {
      stopRequested = true;
      done();
    };
    if (options.signal) {
      if (options.signal.aborted) stop();
      options.signal.addEventListener('abort', stop, { once: true });
      return;
    }
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  observer.start();
  // `# following` promises that every event committed after it is printed, so it waits for the
  // baseline: the first read of every data dir (what existed then is history, the rest is new).
  const unread = await awaitBaseline(observer, () => stopRequested, options.baselineWaitMs ?? 10_000);
  if (!stopRequested) {
    const waiting = unread.length === 0 ? '' : `; not read yet: ${unread.join(', ')} (its events are printed from its first read)`;
    note(`# following ${runId ?? 'every run'} in ${dataDir}${waiting} (Ctrl-C to stop)`);
    await stopped;
  }
  observer.flush();
  observer.stop();
  return 0;
}

/**
 * Exit 2 (README) when the data dir cannot be read at all; a log that kept changing while it was
 * copied (a busy writer checkpointing) is only busy: the observer retries it.
 */
function checkReadable(dataDir: string): void {
  const opened = openDataDir(dataDir);
  if (opened.ok) opened.value.close();
  else if (opened.error.code !== 'sqlite-busy') throw new DataDirError(opened.error);
}

/** Tick until every data dir has its baseline (or `waitMs` passed, or a stop): the data dirs still unread. */
async function awaitBaseline(observer: LiveObserver, stopRequested: () => boolean, waitMs: number): Promise<string[]> {
  const until = Date.now() + waitMs;
  for (;;) {
    const unread = observer.pending();
    if (unread.length === 0 || stopRequested() || Date.now() >= until) return unread;
    await new Promise((resolveWait) => setTimeout(resolveWait, BASELINE_RETRY_MS));
    observer.tick();
  }
}
