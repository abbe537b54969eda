/**
 * One-shot export: every selected run's spans, in batches, to one backend. Stops at the first
 * refused batch (the error names the endpoint, status and the backend's answer), or when its
 * signal is aborted (the app's Cancel: between batches, or at once while a request is out).
 */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { SemconvMode } from '../../shared/otlp/semconv-mode';
import { DEFAULT_BATCH_SIZE, type OtlpSender } from './otlp-sender';
import type { SourceRegistry } from '../sources/registry';
import { readRunSpanInput, spansOf } from './run-span-source';
import { redactSpan } from '../../shared/redact/redact-spans';
import type { Redactor } from '../../shared/redact/redaction-types';

/** What was sent for one run. */
export type RunExportResult = { runId: string; dataDir: string; spans: number };

/** Options of {@link exportRuns}. */
export type ExportRunsOptions = {
  sources: SourceRegistry;
  table: PriceTable;
  library: readonly RunSummary[];
  content: boolean;
  /** The GenAI conventions' version the spans follow (docs/OTLP.md). */
  semconv: SemconvMode;
  /** Secrets out of every span before it is sent (`--redact`, docs/REDACTION.md); its findings add up over the runs. */
  redactor?: Redactor;
  batchSize?: number;
  /** Called after each run is sent (CLI progress). */
  onRun?: (result: RunExportResult, index: number, total: number) => void;
  /** Called after every accepted batch (the app's progress bar). */
  onBatch?: (progress: BatchProgress) => void;
  /** Stops the export: it answers `cancelled` (a request already out is left to finish on its own). */
  signal?: AbortSignal;
};

/** Where an export stands after a batch. */
export type BatchProgress = { runsDone: number; runsTotal: number; spansSent: number; runSpansSent: number; runSpansTotal: number };

/** Send `runs` through `sender`; the first failure stops the export and is returned. */
export async function exportRuns(runs: readonly RunSummary[], sender: OtlpSender, options: ExportRunsOptions): Promise<Result<RunExportResult[]>> {
  const results: RunExportResult[] = [];
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const { signal } = options;
  let spansSent = 0;
  for (const [index, run] of runs.entries()) {
    if (signal?.aborted) return cancelled(spansSent);
    // Folded as read; only the envelopes and the payloads the mapping reads are kept.
    const collected = await readRunSpanInput(options.sources, run.dataDir, run.runId, options.table, options.content);
    if (!collected.ok) return collected;
    const derived = spansOf(options.sources, run, collected.value, options.library, { content: options.content, semconv: options.semconv });
    const redactor = options.redactor;
    const spans = redactor === undefined ? derived : derived.map((span) => redactSpan(span, redactor));
    for (let from = 0; from < spans.length; from += batchSize) {
      if (signal?.aborted) return cancelled(spansSent);
      const batch = spans.slice(from, from + batchSize);
      const sent = await untilAborted(sender.send(batch), signal);
      if (sent === 'aborted') return cancelled(spansSent);
      if (!sent.ok) return sent;
      spansSent += batch.length;
      options.onBatch?.({ runsDone: index, runsTotal: runs.length, spansSent, runSpansSent: from + batch.length, runSpansTotal: spans.length });
    }
    const result = { runId: run.runId, dataDir: run.dataDir, spans: spans.length };
    results.push(result);
    options.onRun?.(result, index, runs.length);
  }
  return ok(results);
}

function cancelled(spansSent: number): Result<never> {
  return fail(diagnostic('cancelled', `Cancelled after ${spansSent} span${spansSent === 1 ? '' : 's'} were accepted; spans sent again later keep their ids, so the backend can match them`, { detail: { spansSent } }));
}

/** `work`, or 'aborted' as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | 'aborted'> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
