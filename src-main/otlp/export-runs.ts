/**
 * One-shot export: every selected run's spans, in batches, to one backend. Stops at the first
 * refused batch (the error names the endpoint, status and the backend's answer).
 */
import { ok, type Result } from '../../shared/diagnostics';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { DEFAULT_BATCH_SIZE, type OtlpSender } from './otlp-sender';
import type { SourceRegistry } from '../sources/registry';
import { readRunEvents, spansOf } from './run-span-source';
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
  /** Secrets out of every span before it is sent (`--redact`, docs/REDACTION.md); its findings add up over the runs. */
  redactor?: Redactor;
  batchSize?: number;
  /** Called after each run is sent (CLI progress, the app's progress bar). */
  onRun?: (result: RunExportResult, index: number, total: number) => void;
};

/** Send `runs` through `sender`; the first failure stops the export and is returned. */
export async function exportRuns(runs: readonly RunSummary[], sender: OtlpSender, options: ExportRunsOptions): Promise<Result<RunExportResult[]>> {
  const results: RunExportResult[] = [];
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  for (const [index, run] of runs.entries()) {
    const events = await readRunEvents(options.sources, run.dataDir, run.runId);
    if (!events.ok) return events;
    const derived = spansOf(options.sources, run, events.value, options.table, options.library, options.content);
    const redactor = options.redactor;
    const spans = redactor === undefined ? derived : derived.map((span) => redactSpan(span, redactor));
    for (let from = 0; from < spans.length; from += batchSize) {
      const sent = await sender.send(spans.slice(from, from + batchSize));
      if (!sent.ok) return sent;
    }
    const result = { runId: run.runId, dataDir: run.dataDir, spans: spans.length };
    results.push(result);
    options.onRun?.(result, index, runs.length);
  }
  return ok(results);
}
