/**
 * A report document with every value from the log redacted, and the list of what was taken out.
 * The whole document is walked (run facts, steps, attempts, errors, outputs, tool args and
 * results, model answers, artifact refs, the report table, findings, the data dir's path) except
 * the inspector's own header fields; the `redactions` field is added after the walk.
 */
import type { RunReportDocument } from '../report-export/report-document-types';
import { MAX_DEPTH, redactionSummary } from './create-redactor';
import { dropCutTokens } from './cut-token';
import type { Redactor } from './redaction-types';

/** Header fields the inspector writes itself (no log value can reach them). */
const OWN_FIELDS = new Set(['format', 'exportedAt', 'inspector', 'maxText', 'redactions']);

/** `doc` redacted by `redactor`, carrying the redaction list (rule, count, where). */
export function redactReportDocument(doc: RunReportDocument, redactor: Redactor): RunReportDocument {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    out[key] = OWN_FIELDS.has(key) ? value : redactor.json(dropCutTokens(value, MAX_DEPTH), key);
  }
  return { ...(out as RunReportDocument), redactions: redactionSummary(redactor) };
}
