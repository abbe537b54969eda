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

/** A duration like `850 ms`, `12.3 s`, `4 min 05 s`, `2 h 03 min`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 60_000) return `${sign}${(abs / 1000).toFixed(abs < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.round(abs / 1000);
  if (totalSeconds < 3600) return `${sign}${Math.floor(totalSeconds / 60)} min ${String(totalSeconds % 60).padStart(2, '0')} s`;
  const minutes = Math.round(abs / 60_000);
  return `${sign}${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

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

/** USD with 6 decimals as `little report` prints it, or `n/a` for null. */
export function formatUsd(value: number | null): string {
  return value === null ? 'n/a' : `$${value.toFixed(6)}`;
}

/** An integer with thin grouping commas (`12,345`). */
export function formatCount(value: number): string {
  const text = String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${text}` : text;
}
