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
export const KNOWN_ISSUES: readonly KnownIssue[] = [
  {
    id: 'live-change-probe-follows-symlink',
    owner: 'live observer (src-main/live/change-probe.ts)',
    escapeAt: /src-main\/live\/change-probe\.ts/,
    proposal: "fileIdentity() stat()s events.db and its sidecars through a symlink leaving the data dir (metadata only: size, mtime, inode; the store then refuses to open it). Use lstatSync, or statContained() from src-main/store/safe-paths.ts.",
  },
];

/** The known issue covering an escape, if any. */
export function knownEscape(escape: Escape): KnownIssue | undefined {
  return KNOWN_ISSUES.find((k) => k.escapeAt !== undefined && k.escapeAt.test(escape.at));
}

/** The known issue covering an operation failure's text, if any. */
export function knownFailure(detail: string): KnownIssue | undefined {
  return KNOWN_ISSUES.find((k) => k.failure !== undefined && k.failure.test(detail));
}
