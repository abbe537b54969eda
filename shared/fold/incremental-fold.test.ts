import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { applyEvent, applyEvents, createRunState, materializeRunState } from './run-state';

const RUN = 'run_p';

/** mulberry32: a tiny seeded PRNG, so failures reproduce from the seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomPayload(type: string, rand: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const stepPath = pick(['a', 'b', 'loop.visit[0]', '10', '__proto__', 7, undefined]);
  const ref = pick(['artifact://art_1', 'artifact://art_2', 'file://x', undefined]);
  const usage = pick([
    { inputTokens: 1_000, cachedInputTokens: 200, outputTokens: 50 },
    { inputTokens: 3, inputTokenDetails: { cacheReadTokens: 1 }, outputTokenDetails: { reasoningTokens: 2 }, outputTokens: 4 },
    { inputTokens: 0.5 },
    null,
    [1],
  ]);
  const model = pick([{ provider: 'openai.chat', modelId: 'gpt-4o' }, { provider: 'acme', modelId: 'x' }, undefined]);
  const base: Record<string, unknown> = {};
  if (stepPath !== undefined) base.stepPath = stepPath;
  switch (type) {
    case 'StepAttemptStarted':
      return { ...base, ...(rand() < 0.5 ? { attemptId: `attempt_${Math.floor(rand() * 3)}` } : {}) };
    case 'StepCompleted':
      return { ...base, ...(rand() < 0.5 ? { output: { n: Math.floor(rand() * 5) } } : {}), outputRef: ref,
        artifactRefs: [ref, 'artifact://art_3'], ...(rand() < 0.5 ? { metadata: { uses: 'tool.call' } } : {}) };
    case 'StepFailed':
    case 'RunFailed':
      return { ...base, ...(rand() < 0.5 ? { error: { message: 'x' } } : {}) };
    case 'ArtifactCreated':
      return { ...base, artifactRef: ref };
    case 'RunCompleted':
      return rand() < 0.5 ? { output: 1, outputRef: ref } : {};
    case 'harness.model.responded':
    case 'HarnessModelResponded':
      return { ...base, model, response: { usage } };
    case 'ModelCallCompleted':
      return { ...base, model, usage };
    case 'RunStarted':
    case 'WorkflowVersionRegistered':
      return { workflowVersionId: pick(['wfver_a', 'wfver_b', 3]) };
    default:
      return base;
  }
}

const TYPES = [
  'WorkflowVersionRegistered', 'RunStarted', 'StepScheduled', 'StepAttemptStarted', 'ModelCallCompleted',
  'harness.model.responded', 'HarnessModelResponded', 'harness.session.completed', 'ArtifactCreated', 'StepCompleted',
  'StepFailed', 'RunCompleted', 'RunFailed', 'ParallelGroupStarted', 'harness.execute_step.started', 'constructor',
];

function randomLog(seed: number): EventEnvelope[] {
  const rand = prng(seed);
  const length = 1 + Math.floor(rand() * 40);
  return Array.from({ length }, (_, index) => {
    const type = TYPES[Math.floor(rand() * TYPES.length)]!;
    return {
      eventId: `evt_${index}`, runId: RUN, sequence: index + 1, type,
      recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(), payload: randomPayload(type, rand),
    };
  });
}

/** Structure including key order and keys holding undefined (which toEqual and JSON both hide). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) {
    return Object.keys(value).map((key) => [key, shape((value as Record<string, unknown>)[key])]);
  }
  return value === undefined ? '<undefined>' : value;
}

describe('incremental fold equals the full fold', () => {
  it('event by event, for 300 seeded random logs, at every prefix', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const events = randomLog(seed);
      const state = createRunState(RUN);
      events.forEach((event, index) => {
        applyEvent(state, event, { priceTable: BUNDLED_PRICE_TABLE });
        const full = materializeRunState(RUN, events.slice(0, index + 1), { priceTable: BUNDLED_PRICE_TABLE });
        expect(shape(state), `seed ${seed} prefix ${index + 1}`).toEqual(shape(full));
        expect(JSON.stringify(state)).toBe(JSON.stringify(full));
      });
    }
  });

  it('continues a materialised prefix with applyEvents', () => {
    for (let seed = 1000; seed < 1100; seed += 1) {
      const events = randomLog(seed);
      const cut = Math.floor(events.length / 2) || 1;
      const resumed = applyEvents(materializeRunState(RUN, events.slice(0, cut), { priceTable: BUNDLED_PRICE_TABLE }), events.slice(cut), { priceTable: BUNDLED_PRICE_TABLE });
      expect(shape(resumed), `seed ${seed}`).toEqual(shape(materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE })));
    }
  });
});
