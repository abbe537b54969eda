/** One-line rendering of a diagnostic for terminals. */
import type { Diagnostic } from '../../shared/diagnostics';

/** `<code>: <message>` plus the path or run when the diagnostic names one. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.path && `path ${d.path}`, d.runId && `run ${d.runId}`, d.sequence !== undefined && `sequence ${d.sequence}`]
    .filter(Boolean)
    .join(', ');
  return `${d.code}: ${d.message}${where ? ` (${where})` : ''}`;
}
