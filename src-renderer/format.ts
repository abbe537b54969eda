/** Display formatting shared by the views. */

// Money and durations have one formatter each, in shared/ (the CLI and the exports use them too).
/** An amount in USD (`unknown` when nothing could be priced); `formatCostFacts` adds what it leaves out. */
export { formatUsd as formatCost, formatCost as formatCostFacts } from '../shared/format/money';
export { formatDuration } from '../shared/format/duration';

/** ISO timestamp as local date and time, or an em dash. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Whole numbers with thousands separators, or an em dash for null. */
export function formatCount(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('en-US');
}
