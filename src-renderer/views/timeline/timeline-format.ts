/** Duration and offset formatting for the timeline and the step detail. */

import { formatDuration } from '../../../shared/format/duration';

/** Durations have one formatter (shared/format/duration.ts). */
export { formatDuration };

/** Milliseconds between two ISO timestamps, or null when either is missing or invalid. */
export function msBetween(from: string | undefined, to: string | undefined): number | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) ? null : ms;
}

/** Wall-clock time with milliseconds (`09:17:01.271`), the run's date being in the header. */
export function clockTime(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The finest step `formatDuration` tells apart at the size of `ms` (`1.23 s`: 10 ms; `12 min 01 s`: 1 s). */
function durationResolution(ms: number): number {
  if (Math.round(ms) < SECOND) return 1;
  if (ms < 10 * SECOND) return 10;
  if (ms < MINUTE) return 100;
  if (ms < HOUR) return SECOND;
  if (ms < DAY) return MINUTE;
  return HOUR;
}

/**
 * Tick label for an offset from the run's start, precise enough for ticks `stepMs` apart:
 * the duration formatter's own text whenever it tells the ticks apart (`850 ms`, `1.25 s`,
 * `12 min 01 s`, `2 h 03 min`, `3 d 04 h`), else the same units carried down to the step
 * (`2 h 03 min 15 s`, `12 min 01.3 s`, `15.01 s`) so deep zooms still read distinct labels.
 */
export function formatOffset(ms: number, stepMs: number): string {
  if (ms <= 0) return '0';
  if (durationResolution(ms) <= stepMs) return formatDuration(ms);
  const decimals = stepMs >= SECOND ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
  const seconds = (s: number, pad: boolean) => {
    const text = s.toFixed(decimals);
    return pad ? text.padStart(decimals > 0 ? decimals + 3 : 2, '0') : text;
  };
  if (ms < MINUTE) return `${seconds(ms / SECOND, false)} s`;
  const minutes = Math.floor(ms / MINUTE);
  const rest = seconds((ms - minutes * MINUTE) / SECOND, true);
  if (ms < HOUR) return `${minutes} min ${rest} s`;
  const hours = Math.floor(ms / HOUR);
  const withinHour = `${String(minutes % 60).padStart(2, '0')} min ${rest} s`;
  if (ms < DAY) return `${hours} h ${withinHour}`;
  return `${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, '0')} h ${withinHour}`;
}
