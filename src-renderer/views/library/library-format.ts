/** Compact, sortable-looking cell text for the run list. Pure. */
import type { RunSummary } from '../../../shared/library';
import { formatCost } from '../../../shared/format/money';

/** `2026-11-20 09:00:03` in local time (fixed width, so a column of them reads like a log). */
export function formatStarted(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Durations have one formatter (shared/format/duration.ts). */
export { formatDuration } from '../../../shared/format/duration';

/** Cost cell text: the amount and what it leaves out (`$97.10 + 22,638 unpriced`, `cost unknown (1 call in flight)`). */
export function formatRunCost(run: Pick<RunSummary, 'costUsd' | 'unpricedCalls' | 'inFlightCalls'>): string {
  return formatCost({ costUsd: run.costUsd, unpricedCalls: run.unpricedCalls ?? 0, inFlightCalls: run.inFlightCalls ?? 0 });
}

/** A long id shortened in the middle for hints (`run_5d5bdccc…6eafe9`). */
export function shortId(id: string, keep = 12): string {
  return id.length <= keep * 2 + 1 ? id : `${id.slice(0, keep)}…${id.slice(-6)}`;
}
