/** Typed diagnostics: every bad input ends as one of these, never as an uncaught exception. */
export type DiagnosticCode =
  | 'path-not-found'
  | 'path-not-directory'
  | 'permission-denied'
  | 'not-a-data-dir'
  | 'empty-dir'
  | 'legacy-format-unconfirmed'
  | 'sqlite-open-failed'
  | 'sqlite-read-failed'
  | 'sqlite-corrupt'
  | 'sqlite-not-a-database'
  | 'sqlite-busy'
  | 'temp-space-full'
  | 'sqlite-driver-unavailable'
  | 'schema-unexpected'
  | 'invalid-run-id'
  | 'run-not-found'
  | 'item-not-found'
  | 'sequence-gap'
  | 'sequence-duplicate'
  | 'event-id-mismatch'
  | 'payload-unparsable'
  | 'unknown-event-type'
  | 'artifact-missing'
  | 'artifact-hash-mismatch'
  | 'artifact-wrong-run'
  | 'artifact-corrupt'
  | 'path-outside-data-dir'
  | 'workflow-version-missing'
  | 'workflow-version-corrupt'
  | 'outer-loop-missing'
  | 'outer-loop-corrupt'
  | 'branch-not-scheduled'
  | 'branch-scheduled-duplicate'
  | 'branch-scheduled-conflict'
  | 'manifest-drift'
  | 'manifest-hash-mismatch'
  | 'prompt-hash-mismatch'
  | 'run-id-mismatch'
  | 'lock-owner-unreadable'
  | 'invalid-argument'
  | 'invalid-scan-settings'
  | 'unsupported'
  | 'discovery-stopped'
  | 'otlp-export-failed'
  | 'otlp-not-otlp-answer'
  | 'cache-dir-in-data-dir'
  | 'cancelled'
  | 'state-dir-refused'
  | 'state-file-corrupt'
  | 'state-write-failed'
  // the fleet index, search and SQL (src-main/fleet)
  | 'search-empty-query'
  | 'search-bad-query'
  | 'index-failed'
  | 'sql-refused'
  | 'sql-failed'
  | 'sql-timeout'
  | 'internal';

export type Severity = 'error' | 'warning' | 'info';

/** One finding or failure, safe to send over IPC and to print. */
export type Diagnostic = {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  path?: string;
  runId?: string;
  sequence?: number;
  detail?: Record<string, unknown>;
};

/** A value or a diagnostic: how every contract response and store call reports failure. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Diagnostic };

/** Build an ok result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Build a failed result from a diagnostic. */
export function fail<T = never>(error: Diagnostic): Result<T> {
  return { ok: false, error };
}

/** Build a diagnostic with severity `error` unless told otherwise. */
export function diagnostic(
  code: DiagnosticCode,
  message: string,
  extra: Partial<Omit<Diagnostic, 'code' | 'message'>> = {},
): Diagnostic {
  return { code, message, severity: 'error', ...extra };
}
