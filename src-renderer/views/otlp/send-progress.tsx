/** Where a send stands: a progress bar while it runs, then what the backend said, in words. */
import type { Diagnostic } from '../../../shared/diagnostics';
import type { OtlpProgress, OtlpSendSummary } from '../../../shared/otlp/otlp-app-types';

const n = (value: number) => value.toLocaleString('en-US');

type Props = { progress: OtlpProgress | null; sending: boolean; outcome: { ok: true; summary: OtlpSendSummary } | { ok: false; error: Diagnostic } | null };

/** The progress line and the outcome of the dialog's send. */
export function SendProgress({ progress, sending, outcome }: Props) {
  if (sending) {
    const p = progress;
    // Runs done plus the share of the current run sent: the one bar that never goes back.
    const share = p === null || p.runsTotal === 0 ? 0 : (p.runsDone + (p.runSpansTotal === 0 ? 0 : p.runSpansSent / p.runSpansTotal)) / p.runsTotal;
    return (
      <div className="otlp-progress" role="status">
        <progress max={1} value={share} aria-label="Sending spans" />
        <span>
          {p === null
            ? 'Starting…'
            : `${n(p.spansSent)} spans sent · run ${n(Math.min(p.runsDone + 1, p.runsTotal))} of ${n(p.runsTotal)}${p.runSpansTotal > 0 ? ` (${n(p.runSpansSent)} / ${n(p.runSpansTotal)} spans)` : ''}`}
        </span>
      </div>
    );
  }
  if (outcome === null) return null;
  if (outcome.ok) {
    const s = outcome.summary;
    return (
      <p className="otlp-done" role="status">
        Sent {n(s.spans)} spans of {n(s.runs)} run{s.runs === 1 ? '' : 's'} to <span className="mono">{s.url}</span> ({s.protocol}).
        {s.redacted !== undefined && ` ${n(s.redacted.total)} value${s.redacted.total === 1 ? '' : 's'} redacted${s.redacted.rules.length === 0 ? '' : ` (${s.redacted.rules.map((r) => `${r.count} ${r.rule}`).join(', ')})`}.`}
      </p>
    );
  }
  return (
    <div className="error otlp-error" role="alert">
      <strong>{outcome.error.code === 'cancelled' ? 'Cancelled' : outcome.error.code === 'otlp-export-failed' || outcome.error.code === 'otlp-not-otlp-answer' ? 'The backend did not take the spans' : 'Not sent'}</strong>: {outcome.error.message}
    </div>
  );
}
