/**
 * `otlp --follow`: keep exporting as runs progress. The live observer delivers each run's new
 * events, folded as they come (shared/otlp/span-input-collector.ts); every `flushMs` the spans
 * of runs that changed are re-derived from the whole run so far (so nothing depends on what was
 * sent before the backend went away), and the ones whose
 * end can no longer change are queued, unless already sent. A batch's span ids are marked sent
 * only once the backend accepted it, and a failed batch is retried with exponential backoff, so
 * a backend that is down for a while gets every span exactly once when it is back.
 *
 * A span closed by its own event is final at once; one closed by the crash boundary only when
 * the observer saw the run's lock owner die (a run without a lock that stops mid-flight keeps
 * its open spans unsent; a one-shot export sends them ended at the crash boundary).
 * The queue is bounded (`maxQueue` spans): past it, runs stay marked changed and are derived
 * again on a later round instead of growing memory — the log itself is the backlog.
 */
import type { LiveBatch } from '../../shared/live/live-notifications';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import type { SemconvMode } from '../../shared/otlp/semconv-mode';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { createLiveObserver, type LiveObserverOptions } from '../live/live-observer';
import { DEFAULT_BATCH_SIZE, type OtlpSender } from './otlp-sender';
import { createSourceRegistry } from '../sources/registry';
import { spansOf } from './run-span-source';
import { RunSpanInputCollector } from '../../shared/otlp/span-input-collector';
import { redactSpan } from '../../shared/redact/redact-spans';
import type { Redactor } from '../../shared/redact/redaction-types';

/** Pacing and limits (tests shorten them). */
export type FollowOptions = {
  flushMs: number;
  batchSize: number;
  maxQueue: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  observer: Partial<LiveObserverOptions>;
};

/** Where progress and errors go (the CLI's streams). */
export type FollowIo = { stdout(text: string): void; stderr(text: string): void };

/** What {@link followRuns} needs. */
export type FollowRequest = Partial<FollowOptions> & {
  root: string;
  runIds: readonly string[] | 'all';
  sender: OtlpSender;
  table: PriceTable;
  content: boolean;
  /** The GenAI conventions' version the spans follow (docs/OTLP.md). */
  semconv: SemconvMode;
  /** Secrets out of every span queued (`--redact`); counted once per span sent, not per derivation. */
  redactor?: Redactor;
  io: FollowIo;
  signal?: AbortSignal;
};

/**
 * A followed run: its delivered events folded as they came into the mapping's input (never kept
 * as an array); the span ids the backend accepted; and how far it is exported: `derivedThrough`
 * is the log sequence its spans were last derived at, `exportedThrough` the sequence through
 * which every span that had ended was accepted (it moves up to `derivedThrough` once none of
 * the run's spans waits in the queue; while the backend is down it stays, and the run resumes
 * from there when it is back).
 */
type FollowedRun = {
  dataDir: string;
  runId: string;
  collected: RunSpanInputCollector;
  crashed: boolean;
  dirty: boolean;
  sent: Set<string>;
  queued: number;
  /** The last derivation stopped at the queue's bound: some ended spans were not queued. */
  partial: boolean;
  derivedThrough: number;
  exportedThrough: number;
};

/** Follow until SIGINT (or `signal`); 0 when everything final was sent, 1 when spans were left unsent. */
export async function followRuns(request: FollowRequest): Promise<number> {
  const { io, sender } = request;
  const flushMs = request.flushMs ?? 1000;
  const batchSize = request.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxQueue = request.maxQueue ?? 10_000;
  const backoffInitialMs = request.backoffInitialMs ?? 500;
  const backoffMaxMs = request.backoffMaxMs ?? 30_000;
  const runs = new Map<string, FollowedRun>();
  const sources = createSourceRegistry();
  const key = (dataDir: string, runId: string) => `${dataDir}\u0000${runId}`;
  const wanted = request.runIds === 'all' ? null : new Set(request.runIds);
  const observer = createLiveObserver({
    root: request.root,
    replayExisting: true,
    ...(wanted ? { runFilter: (id: string) => wanted.has(id) } : {}),
    logError: (message) => io.stderr(`# ${message}\n`),
    ...request.observer,
    // The tails price the runs with the export's table, as the span collectors do.
    priceTable: request.table,
  });
  observer.subscribe('otlp-follow', (batch: LiveBatch) => {
    for (const notice of batch) {
      if (notice.kind !== 'run.started' && notice.kind !== 'run.delta' && notice.kind !== 'run.reset' && notice.kind !== 'run.ended') continue;
      const k = key(notice.dataDir, notice.runId);
      let run = runs.get(k);
      if (!run) {
        const collected = new RunSpanInputCollector(notice.runId, request.table, request.content);
        runs.set(k, (run = { dataDir: notice.dataDir, runId: notice.runId, collected, crashed: false, dirty: true, sent: new Set(), queued: 0, partial: false, derivedThrough: 0, exportedThrough: 0 }));
      }
      if (notice.kind === 'run.delta') for (const event of notice.events) run.collected.add(event);
      // A rewritten log is followed again from sequence 1; ids already sent stay sent.
      if (notice.kind === 'run.reset') {
        run.collected = new RunSpanInputCollector(notice.runId, request.table, request.content);
        run.derivedThrough = 0;
        run.exportedThrough = 0;
      }
      run.crashed = notice.summary.phase === 'crashed';
      run.dirty = true;
    }
  });

  let queue: Array<{ run: FollowedRun; span: OtlpSpanData }> = [];
  const queued = new Set<string>();
  let failures = 0;
  let stopping = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    stopping = true;
    wake?.();
  };
  if (request.signal) {
    if (request.signal.aborted) stopping = true;
    else request.signal.addEventListener('abort', stop, { once: true });
  } else {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  // Fill the queue from the runs that changed, never past its bound: a run whose spans do not
  // all fit stays marked changed (`partial`) and is derived again once the queue has room.
  const derive = () => {
    for (const run of runs.values()) {
      if (!run.dirty || run.collected.count === 0) continue;
      if (queue.length >= maxQueue) return;
      run.dirty = false;
      run.partial = false;
      run.derivedThrough = run.collected.lastSequence;
      for (const span of spansOf(sources, run, run.collected, [], { content: request.content, semconv: request.semconv })) {
        const final = span.end.kind === 'event' || (span.end.kind === 'crash' && run.crashed);
        const id = `${key(run.dataDir, run.runId)}\u0000${span.spanId}`;
        if (!final || run.sent.has(span.spanId) || queued.has(id)) continue;
        if (queue.length >= maxQueue) {
          run.dirty = run.partial = true;
          break;
        }
        queue.push({ run, span: request.redactor === undefined ? span : redactSpan(span, request.redactor) });
        queued.add(id);
        run.queued += 1;
      }
      markExported(run);
    }
  };
  // Every span that had ended by the last derivation was accepted: the run is exported through it.
  const markExported = (run: FollowedRun) => {
    if (run.queued === 0 && !run.partial) run.exportedThrough = run.derivedThrough;
  };
  // Send the queue in batches; false when the backend failed (the rest stays queued).
  const drain = async (): Promise<boolean> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      const sent = await sender.send(batch.map((q) => q.span));
      if (!sent.ok) {
        failures += 1;
        io.stderr(`# export failed (attempt ${failures}), ${queue.length} spans waiting: ${sent.error.message}\n`);
        return false;
      }
      failures = 0;
      queue = queue.slice(batch.length);
      const perRun = new Map<FollowedRun, number>();
      for (const { run, span } of batch) {
        queued.delete(`${key(run.dataDir, run.runId)}\u0000${span.spanId}`);
        run.sent.add(span.spanId);
        run.queued -= 1;
        perRun.set(run, (perRun.get(run) ?? 0) + 1);
      }
      for (const [run, n] of perRun) {
        markExported(run);
        io.stdout(`${run.runId}  +${n} spans, exported through sequence ${run.exportedThrough}\n`);
      }
    }
    return true;
  };

  observer.start();
  io.stderr(`# following ${wanted ? [...wanted].join(', ') : 'every run'} in ${request.root}, sending to ${sender.shownUrl} (Ctrl-C to stop)\n`);
  try {
    while (!stopping) {
      observer.flush();
      derive();
      const ok = await drain();
      if (stopping) break;
      await sleep(ok ? flushMs : Math.min(backoffMaxMs, backoffInitialMs * 2 ** Math.min(failures - 1, 20)));
    }
    // One last round for what committed before the stop.
    observer.tick();
    observer.flush();
    await new Promise((resolve) => setImmediate(resolve));
    derive();
    await drain();
  } finally {
    observer.stop();
    sources.dispose();
  }
  if (queue.length > 0) {
    io.stderr(`little-inspector otlp: stopped with ${queue.length} spans not accepted by ${sender.shownUrl}; run the export again to send them\n`);
    return 1;
  }
  return 0;
}
