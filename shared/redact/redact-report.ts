/**
 * A report document with every value from the log redacted, and the list of what was taken out.
 * The whole document is walked (run facts, steps, attempts, errors, outputs, tool args and
 * results, model answers, artifact refs, the report table, findings, the data dir's path) except
 * the inspector's own header fields; the `redactions` field is added after the walk.
 */
import type { CappedText, RunReportDocument } from '../report-export/report-document-types';
import { redactionSummary } from './create-redactor';
import type { Redactor } from './redaction-types';

/** Header fields the inspector writes itself (no log value can reach them). */
const OWN_FIELDS = new Set(['format', 'exportedAt', 'inspector', 'maxText', 'redactions']);

/**
 * A cut text may end in half a secret that no rule recognises any more (`sk-proj-AbC…` cut after
 * eight characters): its last unfinished token goes before the rules run.
 */
const TRAILING_TOKEN = /[A-Za-z0-9_\-+/=.%~@:]+$/;

/** `doc` redacted by `redactor`, carrying the redaction list (rule, count, where). */
export function redactReportDocument(doc: RunReportDocument, redactor: Redactor): RunReportDocument {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    out[key] = OWN_FIELDS.has(key) ? value : redactor.json(dropCutTokens(value), key);
  }
  return { ...(out as RunReportDocument), redactions: redactionSummary(redactor) };
}

/** A deep copy where every truncated CappedText lost its trailing partial token. */
function dropCutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropCutTokens);
  if (value === null || typeof value !== 'object') return value;
  if (isCutText(value)) return { ...value, text: value.text.replace(TRAILING_TOKEN, '') };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropCutTokens(v)]));
}

function isCutText(value: object): value is CappedText {
  const v = value as Partial<CappedText>;
  return v.truncated === true && typeof v.text === 'string' && typeof v.totalChars === 'number';
}
