/** Durations and "how long ago" in words a person reads at a glance (pure, tested). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration as "340 ms", "4.2 s", "17 min 3 s", "2 h 5 min", "3 d 4 h"; null for an unknown one. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const abs = Math.abs(ms);
  const sign = ms < 0 ? '-' : '';
  if (abs < SECOND) return `${sign}${Math.round(abs)} ms`;
  if (abs < MINUTE) return `${sign}${(abs / SECOND).toFixed(abs < 10 * SECOND ? 1 : 0)} s`;
  if (abs < HOUR) return `${sign}${two(abs, MINUTE, 'min', SECOND, 's')}`;
  if (abs < DAY) return `${sign}${two(abs, HOUR, 'h', MINUTE, 'min')}`;
  return `${sign}${two(abs, DAY, 'd', HOUR, 'h')}`;
}

function two(ms: number, big: number, bigUnit: string, small: number, smallUnit: string): string {
  const whole = Math.floor(ms / big);
  const rest = Math.floor((ms - whole * big) / small);
  return rest === 0 ? `${whole} ${bigUnit}` : `${whole} ${bigUnit} ${rest} ${smallUnit}`;
}

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
