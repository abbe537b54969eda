import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import type { PriceTable } from '../pricing/price-table-types';
import { materializeRunState } from './run-state';

const RUN = 'run_u';
function log(...specs: Array<[type: string, payload: unknown]>): EventEnvelope[] {
  return specs.map(([type, payload], index) => ({
    eventId: `evt_${index + 1}`, runId: RUN, sequence: index + 1, type,
    recordedAt: `2026-01-01T00:00:0${index + 1}.000Z`, payload,
  }));
}
const fold = (...specs: Array<[string, unknown]>) => materializeRunState(RUN, log(...specs), { priceTable: BUNDLED_PRICE_TABLE });
const mini = { provider: 'openai.responses', modelId: 'gpt-4o-mini' };
const responded = (usage: unknown, extra: Record<string, unknown> = {}) =>
  ['harness.model.responded', { callId: 'c', turn: 1, model: mini, response: { text: '', usage }, ...extra }] as [string, unknown];

describe('model calls: where usage comes from', () => {
  it('prices harness.model.responded and attributes it to a string stepPath, creating the step', () => {
    const state = fold(responded(
      { inputTokens: 20_000, cachedInputTokens: 16_000, outputTokens: 10_000, reasoningTokens: 300, costUsd: 99 },
      { stepPath: 'gen' },
    ));
    const expected = {
      inputTokens: 20_000, outputTokens: 10_000, cachedInputTokens: 16_000, reasoningTokens: 300,
      costUsd: 0.0078, pricedCalls: 1, unpricedCalls: 0,
    };
    expect(state.usage).toEqual(expected);
    expect(state.steps.gen!.usage).toEqual(expected);
    expect(state.steps.gen!.status).toBe('pending');
    expect(state.steps.gen!.attempts).toEqual([]);
  });

  it('prices ModelCallCompleted from payload.usage and the legacy responded name', () => {
    const state = fold(
      ['ModelCallCompleted', { usage: { inputTokens: 1_000, outputTokens: 100 }, model: { provider: 'anthropic', modelId: 'claude-sonnet-4-6' } }],
      ['HarnessModelResponded', { model: mini, response: { usage: { inputTokens: 10 } } }],
    );
    expect(state.usage.pricedCalls).toBe(2);
    expect(state.usage.costUsd).toBe((1_000 * 3 + 0 * 0.3 + 100 * 15) / 1e6 + (10 * 0.15 + 0 * 0.075 + 0 * 0.6) / 1e6);
  });

  it('skips harness.session.completed usage (it re-sums the calls)', () => {
    const state = fold(
      responded({ inputTokens: 5, outputTokens: 5 }),
      ['harness.session.completed', { usage: { inputTokens: 5, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0 } }],
    );
    expect(state.usage.inputTokens).toBe(5);
    expect(state.usage.pricedCalls).toBe(1);
  });

  it('leaves a call unattributed when stepPath is not a string', () => {
    const state = fold(responded({ inputTokens: 1 }, { stepPath: 5 }), responded({ inputTokens: 1 }, { stepPath: null }));
    expect(Object.keys(state.steps)).toEqual([]);
    expect(state.usage.pricedCalls).toBe(2);
  });

  it('does not count a call whose usage or response is not an object', () => {
    const state = fold(
      responded([1, 2], { stepPath: 'a' }),
      responded(null, { stepPath: 'a' }),
      responded('lots', { stepPath: 'a' }),
      responded(42, { stepPath: 'a' }),
      ['harness.model.responded', { model: mini, response: 'x', stepPath: 'a' }],
      ['ModelCallCompleted', { usage: [1], stepPath: 'a' }],
    );
    expect(state.usage).toEqual({
      inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, costUsd: 0, pricedCalls: 0, unpricedCalls: 0,
    });
    expect(Object.keys(state.steps)).toEqual([]);
  });
});

describe('model calls: token coercions', () => {
  it('falls back to AI SDK 7 token details', () => {
    const state = fold(responded({
      inputTokens: 1_000, inputTokenDetails: { cacheReadTokens: 400 }, outputTokens: 50, outputTokenDetails: { reasoningTokens: 20 },
    }));
    expect(state.usage).toMatchObject({ cachedInputTokens: 400, reasoningTokens: 20 });
    expect(state.usage.costUsd).toBe((600 * 0.15 + 400 * 0.075 + 50 * 0.6) / 1e6);
  });

  it('uses ?? semantics: null falls through to the detail, 0 does not; non-object details give nothing', () => {
    const detail = { cacheReadTokens: 400 };
    expect(fold(responded({ inputTokens: 1_000, cachedInputTokens: null, inputTokenDetails: detail })).usage.cachedInputTokens).toBe(400);
    expect(fold(responded({ inputTokens: 1_000, cachedInputTokens: 0, inputTokenDetails: detail })).usage.cachedInputTokens).toBe(0);
    expect(fold(responded({ inputTokens: 1_000, inputTokenDetails: 'x' })).usage.cachedInputTokens).toBe(0);
    expect(fold(responded({ inputTokens: 1_000, inputTokenDetails: [400] })).usage.cachedInputTokens).toBe(0);
    expect(fold(responded({ outputTokens: 9, reasoningTokens: undefined, outputTokenDetails: { reasoningTokens: 4 } })).usage.reasoningTokens).toBe(4);
  });

  it('zeroes booleans, numeric strings and negatives, keeps fractions', () => {
    const state = fold(responded({ inputTokens: true, outputTokens: '100', cachedInputTokens: -5, reasoningTokens: 0.5 }));
    expect(state.usage).toMatchObject({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 });
    expect(fold(responded({ inputTokens: 100.5 })).usage.inputTokens).toBe(100.5);
  });
});

describe('model calls: identity', () => {
  it('counts tokens but leaves the cost unknown when the model identity is unusable', () => {
    const state = fold(
      ['harness.model.responded', { model: 'openai/gpt-4o-mini', response: { usage: { inputTokens: 1 } } }],
      ['harness.model.responded', { model: ['openai', 'gpt-4o-mini'], response: { usage: { inputTokens: 1 } } }],
      ['harness.model.responded', { model: null, response: { usage: { inputTokens: 1 } } }],
      ['harness.model.responded', { model: { provider: 'openai' }, response: { usage: { inputTokens: 1 } } }],
      ['harness.model.responded', { response: { usage: { inputTokens: 1 } } }],
    );
    expect(state.usage).toMatchObject({ inputTokens: 5, costUsd: null, pricedCalls: 0, unpricedCalls: 5 });
  });

  it('prices with a caller-supplied table instead of the bundled one', () => {
    const table: PriceTable = {
      id: 'acme', name: 'ACME', source: 'user',
      entries: { 'acme/house': { pricing: { input: 1, output: 2, currency: 'USD' } } },
    };
    const events = log(['harness.model.responded', { model: { provider: 'acme.chat', modelId: 'house' }, response: { usage: { inputTokens: 10, outputTokens: 10 } } }]);
    expect(materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE }).usage.costUsd).toBeNull();
    expect(materializeRunState(RUN, events, { priceTable: table }).usage.costUsd).toBe((10 * 1 + 0 * 1 + 10 * 2) / 1e6);
  });
});
