/**
 * The app's `TraceSender` (src-main/library/otlp-send-jobs.ts): the dialog's settings as a
 * target, then the same one-shot export as `little-inspector otlp` (export-runs.ts), with a
 * source registry of its own for the job.
 */
import type { TraceSender } from '../library/otlp-send-jobs';
import { createSourceRegistry } from '../sources/registry';
import { exportRuns } from './export-runs';
import { builtinRules } from '../../shared/redact/builtin-rules';
import { createRedactor } from '../../shared/redact/create-redactor';
import { resolveAppTarget } from './otlp-endpoint';
import { createOtlpSender, type SenderOptions } from './otlp-sender';

/** A sender for the core; `options` shortens the exporter's timeout in tests. */
export function appTraceSender(options: SenderOptions = {}): TraceSender {
  return async (job) => {
    const target = resolveAppTarget(job.settings);
    if (!target.ok) return target;
    const redactor = job.redact ? createRedactor(builtinRules()) : undefined;
    const sender = createOtlpSender(target.value, options);
    const sources = createSourceRegistry();
    try {
      const sent = await exportRuns(job.runs, sender, {
        sources,
        table: job.table,
        library: job.library,
        content: job.settings.content,
        semconv: job.settings.semconv,
        redactor,
        signal: job.signal,
        onBatch: (progress) => job.onProgress(progress),
      });
      if (!sent.ok) return sent;
      const summary = { url: sender.shownUrl, protocol: target.value.protocol, runs: sent.value.length, spans: sent.value.reduce((n, r) => n + r.spans, 0) };
      if (redactor === undefined) return { ok: true, value: summary };
      const findings = redactor.findings();
      return { ok: true, value: { ...summary, redacted: { total: findings.reduce((n, f) => n + f.count, 0), rules: findings.map((f) => ({ rule: f.rule, count: f.count })) } } };
    } finally {
      sources.dispose();
      // A cancelled job may still have a request out: let it finish without holding the answer.
      if (job.signal.aborted) void sender.shutdown();
      else await sender.shutdown();
    }
  };
}
