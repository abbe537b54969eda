/** Display formatting shared by the views. */

/** Cost in USD, or an honest "n/a" when nothing could be priced. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'n/a';
  if (costUsd > 0 && costUsd < 0.000001) return '<$0.000001';
  return `$${costUsd.toFixed(costUsd >= 1 ? 2 : 6)}`;
}

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
