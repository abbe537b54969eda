/**
 * The compare view's rows, kept pure: what each aligned step shows (added, removed, changed,
 * same), the deltas as text, and the activity cells. An unpriced cost stays unpriced, and so
 * does any delta involving it.
 */
import type { DiffNumberField, NumberDelta, Pair, StepDiff } from '../../../shared/compare/run-diff';
import type { StepActivity } from '../../../shared/compare/step-activity';
import { formatDuration } from '../../../shared/format/duration';
import { formatUsd } from '../../../shared/format/money';

/** How a step of B differs from A's. */
export type StepChange = 'added' | 'removed' | 'changed' | 'same';

/**
 * `added`: only in B; `removed`: only in A; `changed`: any field differs (status, output, model,
 * tokens, cost, attempts, duration: shared/compare/step-changes.ts); else `same`.
 */
export function stepChange(step: StepDiff): StepChange {
  if (step.status.a === null) return 'added';
  if (step.status.b === null) return 'removed';
  return step.changes.length > 0 ? 'changed' : 'same';
}

/** The mark drawn in front of a step path (as `little-inspector diff` prints it). */
export const CHANGE_MARK: Record<StepChange, string> = { added: '+', removed: '-', changed: '~', same: ' ' };

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

/** Tool calls by name as `search ×2, fetch ×1` (sorted by name). */
export function toolsText(tools: Readonly<Record<string, number>>): string {
  return Object.keys(tools)
    .sort()
    .map((name) => `${name} ×${tools[name]}`)
    .join(', ');
}

/** Whether a step's activity differs between the runs (models, tools or error), for highlighting. */
export function activityDiffers(pair: Pair<StepActivity>): { models: boolean; tools: boolean; error: boolean } {
  const { a, b } = pair;
  if (a === null || b === null) return { models: false, tools: false, error: false };
  return {
    models: a.models.join('\n') !== b.models.join('\n'),
    tools: toolsText(a.tools) !== toolsText(b.tools),
    error: a.error !== b.error,
  };
}
