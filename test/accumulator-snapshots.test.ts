import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/events/envelope';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { plainCheckpoint, RunAccumulator, type AccumulatorCheckpoint } from '../shared/run/run-accumulator';
import { fixtureRuns } from './support/fixture-events';
import { TestLogBuilder } from './support/log-builder';
import { modelFacts } from './support/model-facts';

// Time travel keeps snapshots of a live fold (RunAccumulator.freeze) and resumes from them
// (thaw) without copying: the fold that goes on and every fork of a snapshot copy an object
// before changing it (shared/fold/copy-on-write.ts). One change made in place instead would
// silently alter a snapshot; so at cuts all through every fixture run (and a log built to
// reach every tracker's rarer paths) the snapshots are checked byte for byte after the fold
// and the forks went on, and every fork ends where a plain fold of the whole log ends.
const table = BUNDLED_PRICE_TABLE;

const facts = modelFacts;

const json = (value: unknown) => JSON.stringify(value);

/** Every tracker's rarer paths: legacy pairing, sub-runs, unpaired terminals, supersedes, parallel bookkeeping, a retry, the tolerant fold's fork. */
function rareLog(runId: string): EventEnvelope[] {
  const log = new TestLogBuilder(runId);
  log.add('RunStarted', { workflowVersionId: 'wfver_cow' });
  log.add('StepScheduled', { stepPath: 'fan' });
  log.add('StepAttemptStarted', { stepPath: 'fan', attemptId: 'a1' });
  log.add('ParallelGroupStarted', { stepPath: 'fan' });
  log.add('ParallelBranchScheduled', { stepPath: 'fan', branchPath: 'fan[0]', branchIndex: 0 });
  log.add('ParallelBranchScheduled', { stepPath: 'fan', branchPath: 'fan[1]', branchIndex: 1 });
  log.add('harness.session.started', { role: 'orchestrator', task: { kind: 'plan' } });
  log.add('harness.model.called', { turn: 1 });
  log.add('harness.model.called', { callId: 'm1', turn: 2 });
  log.add('harness.model.called', { callId: 'm1', turn: 2 });
  log.add('harness.model.responded', { turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { usage: { inputTokens: 5, outputTokens: 1 }, toolCalls: [{ toolCallId: 'tc1', toolName: 'spawn', args: {} }] } });
  log.add('harness.model.failed', { callId: 'm1', turn: 2, error: { message: 'rate' }, willRetry: true, attempt: 1 });
  log.add('harness.tool_call.started', { toolName: 'spawn', callIndex: 0, turn: 1, toolCallId: 'tc1', args: { subRunId: 'run_sub' } });
  log.add('harness.tool_call.started', { callId: 'k1', toolName: 'spawn', caller: 'model', turn: 1, args: { subRunId: 'run_sub' } });
  log.add('ParallelBranchCompleted', { stepPath: 'fan', branchPath: 'fan[0]' });
  log.add('harness.tool_call.succeeded', { toolName: 'spawn', callIndex: 0, turn: 1, result: { runId: 'run_sub', status: 'completed' } });
  log.add('harness.tool_call.succeeded', { callId: 'k1', result: { runId: 'run_sub', status: 'failed' } });
  log.add('harness.tool_call.failed', { callId: 'k9', toolName: 'lost', error: { message: 'no start' } });
  log.add('harness.model.responded', { callId: 'm9', turn: 7, response: { text: 'orphan terminal' } });
  log.add('harness.model.responded', { callId: 'm1', turn: 2, model: { provider: 'nobody', modelId: 'unpriced' }, response: { text: 'ok', usage: { inputTokens: 2, outputTokens: 2 } } });
  log.add('harness.session.started', { role: 'worker', stepPath: 'fan', task: { kind: 'execute_step' }, manifest: { stepPath: 'fan' } });
  log.add('harness.execute_step.started', { stepPath: 'fan', stepId: 'fan', uses: 'worker', visitIndex: 0 });
  log.wait(90_000);
  log.add('harness.session.started', { role: 'worker', stepPath: 'fan', task: { kind: 'execute_step' }, manifest: { stepPath: 'fan' } });
  log.add('harness.execute_step.started', { stepPath: 'fan', stepId: 'fan', uses: 'worker', visitIndex: 0 });
  log.add('harness.execute_step.succeeded', { stepPath: 'fan', output: { big: 'x' } });
  log.add('harness.execute_step.succeeded', { stepPath: 'fan', outputUndefined: true });
  log.add('harness.session.completed', { stepPath: 'fan', output: { result: { kind: 'step_output', extra: 1 } }, usage: { inputTokens: 1 } });
  log.add('harness.session.failed', { stepPath: 'nowhere', error: { message: 'unpaired end' } });
  log.add('ParallelBranchFailed', { stepPath: 'fan', branchPath: 'fan[1]' });
  log.add('ParallelGroupCompleted', { stepPath: 'fan' });
  log.add('ArtifactCreated', { stepPath: 'fan', artifactRef: 'sha256:aa' });
  // A payload that is not an object: the strict fold fails here and the tolerant state is forked from it.
  log.add('StepScheduled', 'not an object');
  log.add('StepFailed', { stepPath: 'fan', error: { message: 'once' } });
  log.add('StepAttemptStarted', { stepPath: 'fan', attemptId: 'a2' });
  log.add('ModelCallCompleted', { stepPath: 'fan', model: { provider: 'openai', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 7, outputTokens: 2 } });
  log.add('StepCompleted', { stepPath: 'fan', output: { n: 2 }, outputRef: 'sha256:bb', artifactRefs: ['sha256:aa', 'sha256:cc'], metadata: { m: 1 } });
  log.add('harness.session.completed', { output: { result: { kind: 'delegate_to_default' } } });
  log.add('RunCompleted', { output: { done: true }, outputRef: 'sha256:dd' });
  return log.events;
}

/** Many steps, each with a session, model and tool calls and an execute_step span: maps large enough that snapshots keep overlays over a shared base. */
function manyStepsLog(runId: string, steps: number): EventEnvelope[] {
  const log = new TestLogBuilder(runId);
  log.add('RunStarted', { workflowVersionId: 'wfver_many' });
  for (let i = 0; i < steps; i += 1) {
    const stepPath = `step_${i}`;
    log.add('StepScheduled', { stepPath });
    log.add('StepAttemptStarted', { stepPath, attemptId: 'a1' });
    log.add('harness.session.started', { role: 'worker', stepPath, task: { kind: 'execute_step' }, manifest: { stepPath } });
    log.add('harness.execute_step.started', { stepPath, stepId: stepPath, uses: 'worker', visitIndex: 0 });
    log.add('harness.model.called', { callId: `m${i}`, turn: 1, stepPath });
    log.add('harness.model.responded', { callId: `m${i}`, turn: 1, stepPath, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { text: 't', usage: { inputTokens: 3, outputTokens: 1 }, toolCalls: [{ toolCallId: `tc${i}`, toolName: 'read', args: {} }] } });
    log.add('harness.tool_call.started', { callId: `k${i}`, toolCallId: `tc${i}`, toolName: 'read', caller: 'model', turn: 1, stepPath });
    if (i % 7 !== 3) log.add('harness.tool_call.succeeded', { callId: `k${i}`, stepPath, result: { ok: true } });
    log.add('harness.execute_step.succeeded', { stepPath, output: { i } });
    log.add('harness.session.completed', { stepPath, output: { result: { kind: 'step_output' } } });
    if (i % 5 === 2) log.add('StepFailed', { stepPath, error: { message: 'retry me' } });
    else log.add('StepCompleted', { stepPath, output: { i } });
  }
  return log.events;
}

type Taken = { at: number; snapshot: AccumulatorCheckpoint; bytes: Buffer };

/** Fold `events` whole, freezing after every `every`-th event; the snapshots with their bytes when taken. */
function foldFreezing(runId: string, events: EventEnvelope[], every: number): { whole: RunAccumulator; taken: Taken[] } {
  const whole = RunAccumulator.create(runId, table);
  const taken: Taken[] = [];
  events.forEach((event, index) => {
    whole.add(event);
    if ((index + 1) % every === 0) {
      const snapshot = whole.freeze();
      taken.push({ at: index + 1, snapshot, bytes: serialize(plainCheckpoint(snapshot)) });
    }
  });
  return { whole, taken };
}

function plainDetail(runId: string, events: EventEnvelope[]): string {
  const plain = RunAccumulator.create(runId, table);
  for (const event of events) plain.add(event);
  return json(plain.detail(facts(runId)));
}

describe('RunAccumulator.freeze and thaw (copy-on-write snapshots)', () => {
  const runs = [...fixtureRuns(), { runId: 'run_cow_rare', events: rareLog('run_cow_rare') }];

  it('a long run frozen every 97 events: every snapshot resumes to the whole fold and stays as taken', () => {
    const runId = 'run_cow_many';
    const events = manyStepsLog(runId, 400);
    const expected = plainDetail(runId, events);
    const { whole, taken } = foldFreezing(runId, events, 97);
    expect(json(whole.detail(facts(runId)))).toBe(expected);
    for (const { at, snapshot } of taken) {
      const fork = RunAccumulator.thaw(snapshot, table);
      for (const event of events.slice(at)) fork.add(event);
      expect(json(fork.detail(facts(runId))), `thawed at ${at}`).toBe(expected);
    }
    for (const { at, snapshot, bytes } of taken) expect(serialize(plainCheckpoint(snapshot)).equals(bytes), `snapshot at ${at}`).toBe(true);
    expect(taken.length).toBeGreaterThan(40);
  });

  it('a run frozen every few events folds to the same detail as a plain fold', () => {
    for (const { runId, events } of runs) {
      const { whole } = foldFreezing(runId, events, 3);
      expect(json(whole.detail(facts(runId))), runId).toBe(plainDetail(runId, events));
    }
  });

  it('snapshots stay byte for byte as taken while the fold and forks of them go on, and each fork ends where the whole fold does', () => {
    let forks = 0;
    for (const { runId, events } of runs) {
      const expected = plainDetail(runId, events);
      const { taken } = foldFreezing(runId, events, 2);
      for (const { at, snapshot } of taken) {
        // Two forks of one snapshot, the second after the first changed everything it touches.
        for (let round = 0; round < 2; round += 1) {
          const fork = RunAccumulator.thaw(snapshot, table);
          for (const event of events.slice(at)) fork.add(event);
          expect(json(fork.detail(facts(runId))), `${runId} thawed at ${at}, round ${round}`).toBe(expected);
          forks += 1;
        }
      }
      for (const { at, snapshot, bytes } of taken) expect(serialize(plainCheckpoint(snapshot)).equals(bytes), `${runId} snapshot at ${at}`).toBe(true);
      if (runId === 'run_cow_rare') expect(taken.some((t) => t.snapshot.fold.tolerant !== null), 'the tolerant state forked and frozen').toBe(true);
    }
    expect(forks).toBeGreaterThan(500);
  });

  it('a fork frozen again (a snapshot of a snapshot) resumes like the first, and leaves its parent untouched', () => {
    for (const { runId, events } of runs) {
      const expected = plainDetail(runId, events);
      const half = Math.floor(events.length / 2);
      const { taken } = foldFreezing(runId, events.slice(0, half), Math.max(1, Math.floor(half / 3)));
      for (const { at, snapshot, bytes } of taken) {
        const fork = RunAccumulator.thaw(snapshot, table);
        for (const event of events.slice(at, half)) fork.add(event);
        const second = fork.freeze();
        const secondBytes = serialize(plainCheckpoint(second));
        for (const event of events.slice(half)) fork.add(event);
        const again = RunAccumulator.thaw(second, table);
        for (const event of events.slice(half)) again.add(event);
        expect(json(fork.detail(facts(runId))), `${runId} fork of ${at}`).toBe(expected);
        expect(json(again.detail(facts(runId))), `${runId} fork of the fork of ${at}`).toBe(expected);
        expect(serialize(plainCheckpoint(snapshot)).equals(bytes), `${runId} parent snapshot at ${at}`).toBe(true);
        expect(serialize(plainCheckpoint(second)).equals(secondBytes), `${runId} second snapshot of ${at}`).toBe(true);
      }
    }
  });

  it('a snapshot serialised is a checkpoint: resumed from its bytes it folds on like a thaw', () => {
    for (const { runId, events } of runs) {
      const expected = plainDetail(runId, events);
      const { taken } = foldFreezing(runId, events, 5);
      for (const { at, snapshot } of taken) {
        const resumed = RunAccumulator.resume(snapshot, table);
        for (const event of events.slice(at)) resumed.add(event);
        expect(json(resumed.detail(facts(runId))), `${runId} resumed at ${at}`).toBe(expected);
      }
    }
  });
});
