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
        Sent {n(s.spans)} spans of {n(s.runs)} run{s.runs === 1 ? '' : 's'} to <span className="mono">{s.url}</span> ({s.protocol}).{redactedText(s)}
      </p>
    );
  }
  return (
    <div className="error otlp-error" role="alert">
      <strong>{failureHeadline(outcome.error)}</strong>: {outcome.error.message}
    </div>
  );
}

const redactedText = (s: OtlpSendSummary) =>
  s.redacted === undefined ? '' : ` ${n(s.redacted.total)} value${s.redacted.total === 1 ? '' : 's'} redacted${s.redacted.rules.length === 0 ? '' : ` (${s.redacted.rules.map((r) => `${r.count} ${r.rule}`).join(', ')})`}.`;

const failureHeadline = (error: Diagnostic) =>
  error.code === 'cancelled' ? 'Cancelled' : error.code === 'otlp-export-failed' || error.code === 'otlp-not-otlp-answer' ? 'The backend did not take the spans' : 'Not sent';

/** The outcome as one line for a toast (the dialog shows the same words). */
export function outcomeText(outcome: NonNullable<Props['outcome']>): string {
  if (!outcome.ok) return `${failureHeadline(outcome.error)}: ${outcome.error.message}`;
  const s = outcome.summary;
  return `Sent ${n(s.spans)} spans of ${n(s.runs)} run${s.runs === 1 ? '' : 's'} to ${s.url} (${s.protocol}).${redactedText(s)}`;
}
