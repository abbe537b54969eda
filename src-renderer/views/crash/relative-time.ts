/** Durations and "how long ago" in words a person reads at a glance (pure, tested). */
import { formatDuration } from '../../../shared/format/duration';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Durations have one formatter (shared/format/duration.ts). */
export { formatDuration };

/** Milliseconds between two ISO timestamps, or null when either is missing or unparsable. */
export function msBetween(fromIso: string | null | undefined, toIso: string | null | undefined): number | null {
  if (!fromIso || !toIso) return null;
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return Number.isNaN(from) || Number.isNaN(to) ? null : to - from;
}

/** "17 min ago" / "just now" for `iso` seen at `now` (minutes are enough under an hour). */
export function formatAgo(iso: string | null | undefined, now: Date): string {
  const ms = msBetween(iso, now.toISOString());
  if (ms === null) return '—';
  if (ms < 0) return 'in the future (clock skew?)';
  if (ms < 5 * SECOND) return 'just now';
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)} s ago`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  return `${formatDuration(ms)} ago`;
}
