/**
 * What changed in an aligned step, and the diff's one-line summary ("3 steps: model changed,
 * tokens +41%"). A diff that counted only status and output called a priced run and an unpriced
 * one on another model "0 changed" (issue 34): every field the diff shows is counted here. The
 * first divergence keeps its own definition (status or output, shared/compare/run-diff.ts).
 */
import type { NumberDelta, Pair } from './run-diff';

/** The kinds of change, in the order the summary names them. */
export const CHANGE_KINDS = ['status', 'output', 'model', 'tokens', 'cost', 'attempts', 'duration'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The token fields: a step's tokens changed when any kind did. */
const TOKEN_FIELDS = ['inputTokens', 'cachedInputTokens', 'outputTokens', 'reasoningTokens'] as const;

/** The fields of a step (or total) that the changes are read from. */
export type ChangeTotals = Record<(typeof TOKEN_FIELDS)[number] | 'costUsd' | 'durationMs', NumberDelta>;
export type ChangeInputs = ChangeTotals & {
  status: Pair<string>;
  attempts: Pair<number>;
  outputEqual: boolean | null;
  models: Pair<readonly string[]>;
};

/** A known value against an unknown one is a change (a priced cost against an unpriced one). */
const differs = (pair: Pair<unknown>): boolean => pair.a !== pair.b;

/**
 * The kinds of change of a step present in both runs (a step of one run only is added or
 * removed, not changed: an empty list).
 */
export function stepChanges(step: ChangeInputs): ChangeKind[] {
  if (step.status.a === null || step.status.b === null) return [];
  const models = (side: readonly string[] | null) => (side ?? []).join('\n');
  const changed: Record<ChangeKind, boolean> = {
    status: differs(step.status),
    output: step.outputEqual !== true,
    model: models(step.models.a) !== models(step.models.b),
    tokens: TOKEN_FIELDS.some((field) => differs(step[field])),
    cost: differs(step.costUsd),
    attempts: differs(step.attempts),
    duration: differs(step.durationMs),
  };
  return CHANGE_KINDS.filter((kind) => changed[kind]);
}

/** The summary of a diff: steps changed, how many of them by kind, and the sentence. */
export type DiffSummary = {
  /** Steps present in both runs with at least one change. */
  changedSteps: number;
  /** Steps changed by kind (only kinds that occur). */
  byKind: Partial<Record<ChangeKind, number>>;
  /** e.g. "3 steps: model changed, tokens +41%, cost unpriced in B"; "no step changed". */
  text: string;
};

/** Total tokens of a side (input + output: cached input is part of input, reasoning part of output). */
function tokenTotal(total: ChangeTotals, side: 'a' | 'b'): number | null {
  const input = total.inputTokens[side];
  const output = total.outputTokens[side];
  return input === null || output === null ? null : input + output;
}

/** `+41%` / `−12%`; null when A is 0 or either side unknown (a percent of nothing is no figure). */
export function percentChange(a: number | null, b: number | null): string | null {
  if (a === null || b === null || a === 0) return null;
  const pct = Math.round(((b - a) / a) * 100);
  if (pct === 0) return b === a ? null : b > a ? '+<1%' : '−<1%';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct)}%`;
}

/** "changed", or the percent when both totals are known and A's is not 0. */
function amount(a: number | null, b: number | null): string {
  return percentChange(a, b) ?? 'changed';
}

function costPhrase(total: NumberDelta): string {
  if (total.a === null && total.b === null) return 'cost changed (both unpriced in part)';
  if (total.a === null) return 'cost unpriced in A';
  if (total.b === null) return 'cost unpriced in B';
  return `cost ${amount(total.a, total.b)}`;
}

/** Summarize the changes of the steps, with the run totals for the percentages. */
export function diffSummary(steps: readonly (readonly ChangeKind[])[], total: ChangeTotals): DiffSummary {
  const byKind: Partial<Record<ChangeKind, number>> = {};
  let changedSteps = 0;
  for (const kinds of steps) {
    if (kinds.length > 0) changedSteps += 1;
    for (const kind of kinds) byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  const phrase: Record<ChangeKind, () => string> = {
    status: () => 'status changed',
    output: () => 'output differs',
    model: () => 'model changed',
    tokens: () => `tokens ${amount(tokenTotal(total, 'a'), tokenTotal(total, 'b'))}`,
    cost: () => costPhrase(total.costUsd),
    attempts: () => 'attempts changed',
    duration: () => `duration ${amount(total.durationMs.a, total.durationMs.b)}`,
  };
  const parts = CHANGE_KINDS.filter((kind) => byKind[kind] !== undefined).map((kind) => phrase[kind]());
  const text = changedSteps === 0 ? 'no step changed' : `${changedSteps} ${changedSteps === 1 ? 'step' : 'steps'}: ${parts.join(', ')}`;
  return { changedSteps, byKind, text };
}
