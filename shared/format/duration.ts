/**
 * THE duration formatter: every view, the CLI's text output and the exports write a duration
 * with it, one format at every size: `850 ms`, `1.23 s`, `12.3 s`, `12 min 01 s`, `2 h 03 min`,
 * `3 d 04 h`; an em dash when unknown. (Axis tick labels are offsets, not durations:
 * shared/report-export/report-time.ts `formatOffset`, views/timeline/timeline-format.ts.)
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `ms` as a duration; null, undefined or not finite: `—`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  // Rounding first, so 59,999 ms reads "1 min 00 s", never "60.0 s".
  if (Math.round(abs) < SECOND) return `${sign}${Math.round(abs)} ms`;
  if (Number((abs / SECOND).toFixed(abs < 10 * SECOND ? 2 : 1)) < 60) return `${sign}${(abs / SECOND).toFixed(abs < 10 * SECOND ? 2 : 1)} s`;
  if (Math.round(abs / SECOND) * SECOND < HOUR) return `${sign}${pair(Math.round(abs / SECOND), 60, 'min', 's')}`;
  if (Math.round(abs / MINUTE) * MINUTE < DAY) return `${sign}${pair(Math.round(abs / MINUTE), 60, 'h', 'min')}`;
  return `${sign}${pair(Math.round(abs / HOUR), 24, 'd', 'h')}`;
}

/** `units` of the small unit as "big-count big-unit small-count(2 digits) small-unit". */
function pair(units: number, per: number, big: string, small: string): string {
  return `${Math.floor(units / per)} ${big} ${String(units % per).padStart(2, '0')} ${small}`;
}
