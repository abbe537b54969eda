/**
 * Fuzz findings in code this suite's author may not change (other issues' files), each with
 * its owner and the fix proposed. A case whose only failures match these is counted as
 * `known`, printed and written to reports/fuzz.json, and does not fail `npm test`; remove an
 * entry when its owner lands the fix and the suite proves it.
 */
import type { Escape } from './fs-guard';

/** One accepted finding: which escapes or operation failures it covers, and why it is open. */
export type KnownIssue = { id: string; owner: string; escapeAt?: RegExp; failure?: RegExp; proposal: string };

/** The open findings. */
export const KNOWN_ISSUES: readonly KnownIssue[] = [];

/** The known issue covering an escape, if any. */
export function knownEscape(escape: Escape): KnownIssue | undefined {
  return KNOWN_ISSUES.find((k) => k.escapeAt !== undefined && k.escapeAt.test(escape.at));
}

/** The known issue covering an operation failure's text, if any. */
export function knownFailure(detail: string): KnownIssue | undefined {
  return KNOWN_ISSUES.find((k) => k.failure !== undefined && k.failure.test(detail));
}
