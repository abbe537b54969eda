/** Time arithmetic and human formats of the exported report (pure, locale-free). */

/** Milliseconds of an ISO time, or null when it does not parse. */
export function parseTime(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** `end - start` in ms, or null when either is missing or unparsable. */
export function durationBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  const a = parseTime(start);
  const b = parseTime(end);
  return a === null || b === null ? null : b - a;
}

// Durations and money have one formatter each (shared/format/): the exports write them as every view does.
export { formatDuration } from '../format/duration';
export { formatUsd } from '../format/money';

/** A short axis label for an offset: `0`, `+450ms`, `+12s`, `+4m05s`, `+2h03m`. */
export function formatOffset(ms: number): string {
  if (ms <= 0) return '0';
  if (ms < 1000) return `+${Math.round(ms)}ms`;
  if (ms < 60_000) return `+${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))}s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `+${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  const m = Math.round(ms / 60_000);
  return `+${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** An ISO time shown as `2026-11-20 09:17:01.148 UTC` (always UTC: reports travel between time zones). */
export function formatTimestamp(iso: string | null | undefined): string {
  const ms = parseTime(iso);
  if (ms === null) return iso ?? '—';
  return `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** An integer with thin grouping commas (`12,345`). */
export function formatCount(value: number): string {
  const text = String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${text}` : text;
}
