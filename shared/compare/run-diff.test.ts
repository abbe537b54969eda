import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import { materializeRunState } from '../fold/run-state';
import { orderedStepPaths } from '../fold/step-order';
import { runReport } from '../report/run-report';
import { TestLogBuilder } from '../../test/support/log-builder';
import { stepActivity } from './step-activity';
import { alignStepPaths, diffRuns, numberDelta, type DiffSide } from './run-diff';

function side(runId: string, build: (log: TestLogBuilder) => void, hashes: Record<string, string | null> = {}): DiffSide {
  const log = new TestLogBuilder(runId);
  build(log);
  const state = materializeRunState(runId, log.events, { priceTable: BUNDLED_PRICE_TABLE });
  return { runId, dataDir: '/d', state, order: orderedStepPaths(state, log.events), report: runReport(state), outputHashes: hashes, activity: stepActivity(state, log.events) };
}

const step = (log: TestLogBuilder, stepPath: string, end: 'StepCompleted' | 'StepFailed' = 'StepCompleted') => {
  log.add('StepScheduled', { stepPath });
  log.add('StepAttemptStarted', { stepPath, attemptId: 'attempt_1' });
  log.add(end, { stepPath });
};

describe('alignStepPaths', () => {
  it('keeps B order and puts steps only in A where A has them', () => {
    expect(alignStepPaths(['a', 'x', 'b', 'c'], ['a', 'b', 'y', 'c'])).toEqual(['a', 'x', 'b', 'y', 'c']);
    expect(alignStepPaths(['a', 'b'], [])).toEqual(['a', 'b']);
    expect(alignStepPaths([], ['a'])).toEqual(['a']);
    // Reordered shared steps never drop or repeat a path.
    expect(alignStepPaths(['a', 'b', 'x'], ['b', 'a'])).toEqual(['b', 'a', 'x']);
    // Visits and branches align by their keys: each is its own path.
    expect(alignStepPaths(['draft.visit[0]', 'draft.visit[1]', 'review[fast-a].score'], ['draft.visit[0]', 'review[fast-a].score', 'review[slow-b].score']))
      .toEqual(['draft.visit[0]', 'draft.visit[1]', 'review[fast-a].score', 'review[slow-b].score']);
  });
});

describe('diffRuns', () => {
  it('a null side makes a delta null, never a number', () => {
    expect(numberDelta(null, 3)).toEqual({ a: null, b: 3, delta: null });
    expect(numberDelta(0.5, null).delta).toBeNull();
    expect(numberDelta(2, 5).delta).toBe(3);
  });

  it('marks added and removed steps and finds the first step whose status or output differs', () => {
    const a = side('run_a', (log) => {
      log.add('RunStarted', {});
      step(log, 'fetch');
      step(log, 'draft.visit[0]');
      step(log, 'old');
    }, { fetch: 'h1', 'draft.visit[0]': 'h2', old: null });
    const b = side('run_b', (log) => {
      log.add('RunStarted', {});
      step(log, 'fetch');
      step(log, 'draft.visit[0]', 'StepFailed');
      step(log, 'new');
    }, { fetch: 'h1', 'draft.visit[0]': null, new: 'h3' });
    const diff = diffRuns(a, b);
    expect(diff.steps.map((s) => [s.stepPath, s.status.a, s.status.b, s.outputEqual])).toEqual([
      ['fetch', 'completed', 'completed', true],
      ['draft.visit[0]', 'completed', 'failed', false],
      ['new', null, 'completed', null],
      ['old', 'completed', null, null],
    ]);
    expect(diff.firstDivergence).toBe('draft.visit[0]');
    expect(diff.steps[3].attempts).toEqual({ a: 1, b: null });
    expect(diff.steps[2].inputTokens).toEqual({ a: null, b: 0, delta: null });
  });

  it('a run against itself: every delta 0, no divergence', () => {
    const a = side('run_a', (log) => {
      log.add('RunStarted', {});
      step(log, 'fetch');
      log.add('RunCompleted', {});
    }, { fetch: 'h' });
    const diff = diffRuns(a, a);
    expect(diff.firstDivergence).toBeNull();
    for (const s of diff.steps) expect([s.inputTokens.delta, s.durationMs.delta, s.costUsd.delta]).toEqual([0, 0, 0]);
    expect(diff.total.durationMs).toEqual({ a: 4000, b: 4000, delta: 0 });
  });
});

describe('the diff counts every change (issue 34)', () => {
  const call = (log: TestLogBuilder, model: { provider: string; modelId: string }, inputTokens: number, outputTokens: number) =>
    log.add('ModelCallCompleted', { stepPath: 'draft', model, usage: { inputTokens, outputTokens } });
  const run = (runId: string, model: { provider: string; modelId: string }, inputTokens: number) =>
    side(runId, (log) => {
      log.add('RunStarted', {});
      log.add('StepScheduled', { stepPath: 'draft' });
      log.add('StepAttemptStarted', { stepPath: 'draft', attemptId: 'attempt_1' });
      call(log, model, inputTokens, 100);
      log.add('StepCompleted', { stepPath: 'draft' });
      log.add('RunCompleted', {});
    }, { draft: 'same-hash' });

  it('a priced run against an unpriced one on another model: same status and output, yet changed', () => {
    const a = run('run_a', { provider: 'openai', modelId: 'gpt-4o-mini' }, 1000);
    const b = run('run_b', { provider: 'demo', modelId: 'stub' }, 1451);
    const diff = diffRuns(a, b);
    // The first divergence keeps its definition: status and output are the same.
    expect(diff.firstDivergence).toBeNull();
    const draft = diff.steps.find((s) => s.stepPath === 'draft')!;
    expect(draft.models).toEqual({ a: ['openai/gpt-4o-mini'], b: ['demo/stub'] });
    expect(draft.changes).toEqual(['model', 'tokens', 'cost']);
    expect(diff.summary.changedSteps).toBe(1);
    // (1451 + 100) / (1000 + 100) − 1 = +41%
    expect(diff.summary.text).toBe('1 step: model changed, tokens +41%, cost unpriced in B');
  });

  it('a run against itself changes nothing', () => {
    const a = run('run_a', { provider: 'openai', modelId: 'gpt-4o-mini' }, 1000);
    const diff = diffRuns(a, a);
    expect(diff.steps.every((s) => s.changes.length === 0)).toBe(true);
    expect(diff.summary).toEqual({ changedSteps: 0, byKind: {}, text: 'no step changed' });
  });
});
