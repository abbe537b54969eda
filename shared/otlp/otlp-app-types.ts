/**
 * "Send to tracing backend…" in the app: the settings the dialog shows, the progress main
 * pushes while it sends, and what a finished send answers. Secret header values never travel
 * back to a page: a stored secret comes as `value: null` and a request naming it with
 * `value: null` means "the stored value" (docs/OTLP.md, "In the app").
 */

import type { SemconvMode } from './semconv-mode';

/** The OTLP/HTTP encodings the app offers. */
export type OtlpAppProtocol = 'http/protobuf' | 'http/json';

/** One header as a page sees it; `value` is null for a secret whose value main keeps. */
export type OtlpHeaderView = { name: string; secret: boolean; value: string | null };

/** The dialog's settings as main has them. */
export type OtlpSettingsView = {
  /** The URL as typed (empty: the OTLP default, `http://localhost:4318/v1/traces`). */
  endpoint: string;
  protocol: OtlpAppProtocol;
  headers: OtlpHeaderView[];
  /** Include message contents (off unless the user turned it on). */
  content: boolean;
  /** The GenAI conventions' version the spans follow (1.45 unless the user chose the latest). */
  semconv: SemconvMode;
  /** True when the settings are saved in the state folder (else kept in memory until the app or server stops). */
  remembered: boolean;
  /** Where they are saved, for the dialog to say; null when the app has no state folder. */
  stateDir: string | null;
};

/** Progress of one send, pushed after every accepted batch and at the end. */
export type OtlpProgress = {
  jobId: string;
  phase: 'sending' | 'done' | 'failed' | 'cancelled';
  runsDone: number;
  runsTotal: number;
  /** Spans the backend accepted so far, over every run. */
  spansSent: number;
  /** The run being sent: its spans accepted and its span count (0/0 before its spans are derived). */
  runSpansSent: number;
  runSpansTotal: number;
};

/** What a finished send answers. */
export type OtlpSendSummary = {
  url: string;
  protocol: OtlpAppProtocol;
  runs: number;
  spans: number;
  /** Values redacted in the spans sent (built-in rules, docs/REDACTION.md); absent when the send was not redacted. */
  redacted?: { total: number; rules: Array<{ rule: string; count: number }> };
};

/** Header names whose values are secret by default (the dialog masks them; the user may change it). */
export function looksSecret(headerName: string): boolean {
  return /auth|key|token|secret|password|cookie|session|credential/i.test(headerName);
}
