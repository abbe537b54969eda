/** Compact, sortable-looking cell text for the run list. Pure. */
import { formatCost } from '../../format';

/** `2026-11-20 09:00:03` in local time (fixed width, so a column of them reads like a log). */
export function formatStarted(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `850 ms`, `12.3 s`, `4m 05s`, `2h 03m`, `3d 4h`; an em dash when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)} s`;
  const p = (n: number) => String(n).padStart(2, '0');
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${p(Math.floor(s % 60))}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${p(m % 60)}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** Cost cell text: "n/a" for unpriced (never $0), "$0" for runs that made no priced call. */
export function formatRunCost(costUsd: number | null): string {
  if (costUsd === 0) return '$0';
  return formatCost(costUsd);
}

/** A long id shortened in the middle for hints (`run_5d5bdccc…6eafe9`). */
export function shortId(id: string, keep = 12): string {
  return id.length <= keep * 2 + 1 ? id : `${id.slice(0, keep)}…${id.slice(-6)}`;
}
