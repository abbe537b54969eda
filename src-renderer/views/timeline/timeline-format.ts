/** Duration and offset formatting for the timeline and the step detail. */

/** Durations have one formatter (shared/format/duration.ts). */
export { formatDuration } from '../../../shared/format/duration';

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

/** Tick label for an offset from the run's start, with precision to match the tick step. */
export function formatOffset(ms: number, stepMs: number): string {
  if (stepMs >= 60_000 || ms >= 3_600_000) {
    const s = Math.round(ms / 1000);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(s % 60).padStart(2, '0')}s`;
  }
  if (ms >= 60_000) return `${Math.floor(ms / 60_000)}m ${((ms % 60_000) / 1000).toFixed(stepMs >= 1000 ? 0 : 1).padStart(2, '0')}s`;
  const decimals = stepMs >= 1000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
  return `${(ms / 1000).toFixed(decimals)}s`;
}
