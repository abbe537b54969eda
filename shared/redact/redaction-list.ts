/** The redaction list as words, for every format that shows it (HTML, Markdown, the CLI, the app). */
import type { RedactionFinding, RedactionSummary } from './redaction-types';

/** Places shown per rule in a listing; the rest are counted. */
export const LISTED_PLACES = 12;

/** `a, b, c and 7 more places` for one finding. */
export function findingPlaces(finding: RedactionFinding, listed = LISTED_PLACES): string {
  const shown = finding.where.slice(0, listed);
  const more = finding.where.length - shown.length + finding.whereOmitted;
  return more === 0 ? shown.join(', ') : `${shown.join(', ')} and ${more} more place${more === 1 ? '' : 's'}`;
}

/** One line saying what was redacted (`12 values redacted: 3 openai-api-key, 9 email`), or that nothing was. */
export function redactionHeadline(summary: RedactionSummary): string {
  if (summary.total === 0) return `Redacted with ${summary.rules.length} rules: nothing matched.`;
  const parts = summary.findings.map((f) => `${f.count} ${f.rule}`);
  return `${summary.total} value${summary.total === 1 ? '' : 's'} redacted: ${parts.join(', ')}.`;
}
