import { describe, expect, it } from 'vitest';
import { numberDelta, type StepDiff } from '../../../shared/compare/run-diff';
import { stepChanges } from '../../../shared/compare/step-changes';
import type { StepActivity } from '../../../shared/compare/step-activity';
import { activityDiffers, stepChange, toolsText } from './diff-rows';
import { deltaText, valueText } from '../../../shared/compare/diff-cells';

const zero = numberDelta(0, 0);
const step = (status: StepDiff['status'], outputEqual: boolean | null, over: Partial<StepDiff> = {}): StepDiff => {
  const fields = {
  stepPath: 's',
  status,
  attempts: { a: 1, b: 1 },
  inputTokens: zero,
  cachedInputTokens: zero,
  outputTokens: zero,
  reasoningTokens: zero,
  costUsd: zero,
  durationMs: zero,
  outputEqual,
  models: { a: ['openai/gpt-4o'], b: ['openai/gpt-4o'] },
  ...over,
  };
  return { ...fields, changes: stepChanges(fields) };
};

describe('compare rows', () => {
  it('classifies aligned steps: only in B is added, only in A removed, status or output differing changed', () => {
    expect(stepChange(step({ a: null, b: 'completed' }, null))).toBe('added');
    expect(stepChange(step({ a: 'completed', b: null }, null))).toBe('removed');
    expect(stepChange(step({ a: 'completed', b: 'failed' }, false))).toBe('changed');
    expect(stepChange(step({ a: 'completed', b: 'completed' }, false))).toBe('changed');
    expect(stepChange(step({ a: 'completed', b: 'completed' }, true))).toBe('same');
    // Same status and output but another model, other tokens or an unpriced cost: changed too.
    const same = { a: 'completed', b: 'completed' };
    expect(stepChange(step(same, true, { models: { a: ['openai/gpt-4o'], b: ['demo/stub'] } }))).toBe('changed');
    expect(stepChange(step(same, true, { outputTokens: numberDelta(10, 12) }))).toBe('changed');
    expect(stepChange(step(same, true, { costUsd: numberDelta(0.01, null) }))).toBe('changed');
  });

  it('keeps an unpriced cost unpriced, in the value and in the delta', () => {
    expect(valueText('costUsd', null, true)).toBe('unpriced');
    expect(valueText('costUsd', null, false)).toBe('—');
    expect(deltaText('costUsd', numberDelta(0.01, null))).toBe('unpriced');
    expect(deltaText('costUsd', numberDelta(null, null))).toBe('unpriced');
    // A step of one run only has no delta at all, priced or not.
    expect(deltaText('costUsd', numberDelta(0.01, null), { a: true, b: false })).toBe('—');
    expect(deltaText('costUsd', numberDelta(0.5, 0.25))).toBe('−$0.25');
    expect(deltaText('costUsd', numberDelta(0.000001, 0.000003))).toBe('+$0.000002');
  });

  it('signs deltas and formats tokens and durations', () => {
    expect(deltaText('inputTokens', numberDelta(1000, 3500))).toBe('+2,500');
    expect(deltaText('outputTokens', numberDelta(9, 2))).toBe('−7');
    expect(deltaText('durationMs', numberDelta(500, 2500))).toBe('+2.00 s');
    expect(deltaText('durationMs', numberDelta(5, 5))).toBe('0');
    expect(deltaText('inputTokens', numberDelta(null, 3))).toBe('—');
  });

  it('shows tool calls by name and marks differing activity', () => {
    expect(toolsText({ search: 2, fetch: 1 })).toBe('fetch ×1, search ×2');
    const act = (models: string[], tools: Record<string, number>, error: string | null): StepActivity => ({ models, tools, error, output: null });
    expect(activityDiffers({ a: act(['openai/gpt-4o'], { s: 1 }, null), b: act(['openai/gpt-4o'], { s: 1 }, null) })).toEqual({ models: false, tools: false, error: false });
    expect(activityDiffers({ a: act(['openai/gpt-4o'], { s: 1 }, null), b: act(['anthropic/claude'], { s: 2 }, 'boom') })).toEqual({ models: true, tools: true, error: true });
    expect(activityDiffers({ a: null, b: act([], {}, null) })).toEqual({ models: false, tools: false, error: false });
  });
});
