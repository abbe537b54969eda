/**
 * The text of one number of a run diff, one side or the delta: the one formatter the compare
 * view's cells and `little-inspector diff`'s text both use, so an unpriced cost reads
 * "unpriced" in both (the CLI once wrote "n/a") and a duration reads as everywhere else.
 */
import type { DiffNumberField, NumberDelta, StepDiff } from './run-diff';
import { formatDuration } from '../format/duration';
import { formatUsd } from '../format/money';

/** A value of one side: a dash where the step is absent, "unpriced" for a null cost of a present step. */
export function valueText(field: DiffNumberField, value: number | null, present: boolean): string {
  if (!present) return '—';
  if (value === null) return field === 'costUsd' ? 'unpriced' : '—';
  return formatNumber(field, value);
}

/**
 * `b − a` with its sign, "0" when equal. A null delta reads "unpriced" when both steps are there
 * and a cost is unpriced, else a dash (a step of one run only has no delta).
 */
export function deltaText(field: DiffNumberField, pair: NumberDelta, present: { a: boolean; b: boolean } = { a: true, b: true }): string {
  if (pair.delta === null) return field === 'costUsd' && present.a && present.b ? 'unpriced' : '—';
  if (pair.delta === 0) return '0';
  const sign = pair.delta > 0 ? '+' : '−';
  return `${sign}${formatNumber(field, Math.abs(pair.delta))}`;
}

function formatNumber(field: DiffNumberField, value: number): string {
  if (field === 'costUsd') return formatUsd(value);
  if (field === 'durationMs') return formatDuration(value);
  return value.toLocaleString('en-US');
}

/** How a step of B differs from A's. */
export type StepChange = 'added' | 'removed' | 'changed' | 'same';

/**
 * `added`: only in B; `removed`: only in A; `changed`: any field differs (status, output, model,
 * tokens, cost, attempts, duration: step-changes.ts); else `same`. The compare view's mark and
 * filter and the CLI's mark.
 */
export function stepChange(step: StepDiff): StepChange {
  if (step.status.a === null) return 'added';
  if (step.status.b === null) return 'removed';
  return step.changes.length > 0 ? 'changed' : 'same';
}
