import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { checkConsistency, foldIncrementally, seededBatches } from './consistency';
import { auditResumes } from './resume-audit';
import { diffStates } from './state-diff';

const ev = (sequence: number, type: string, payload: unknown, recordedAt = `2026-01-01T00:00:${String(sequence).padStart(2, '0')}.000Z`): EventEnvelope => ({
  eventId: `evt_${sequence}`,
  runId: 'run_c',
  sequence,
  type,
  recordedAt,
  payload,
});
const log: EventEnvelope[] = [
  ev(1, 'RunStarted', { workflowVersionId: 'wfver_x' }),
  ev(2, 'StepScheduled', { stepPath: 'a' }),
  ev(3, 'StepAttemptStarted', { stepPath: 'a', attemptId: 'attempt_1' }),
  ev(4, 'harness.model.responded', { callId: 'c1', stepPath: 'a', model: { provider: 'openai', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 10, outputTokens: 4 } }),
  ev(5, 'StepCompleted', { stepPath: 'a', output: { ok: 1 } }),
  ev(6, 'StepScheduled', { stepPath: 'b' }),
  ev(7, 'StepAttemptStarted', { stepPath: 'b', attemptId: 'attempt_1' }),
  ev(8, 'StepCompleted', { stepPath: 'b', output: { ok: 2 } }),
  ev(9, 'RunCompleted', { output: { ok: 2 } }),
];

describe('diffStates', () => {
  it('reports value, presence, length, type and key-order differences with paths', () => {
    const diff = diffStates({ a: 1, b: { c: [1, 2] }, d: undefined, e: 'x', o: { p: 1, q: 2 } }, { a: 2, b: { c: [1] }, e: 5, f: 1, o: { q: 2, p: 1 } });
    expect(diff.map((d) => `${d.path}:${d.kind}`)).toEqual(['$.a:value', '$.b.c:length', '$.d:missing-right', '$.e:type', '$.o:key-order', '$.f:missing-left']);
    expect(diffStates(Object.assign(Object.create(null), { x: 1 }), { x: 1 })).toEqual([]);
  });
});

describe('checkConsistency', () => {
  it('finds the incremental fold in random batches equal to the full fold', () => {
    for (const seed of [1, 2, 3, 99]) {
      const report = checkConsistency('run_c', log, { fold: { priceTable: BUNDLED_PRICE_TABLE }, batches: seededBatches(log.length, seed, 4) });
      expect(report).toMatchObject({ equal: true, events: 9, differences: [], errors: [] });
    }
    expect(seededBatches(100, 5).reduce((a, b) => a + b, 0)).toBe(100);
    expect(seededBatches(100, 5)).toEqual(seededBatches(100, 5));
  });

  it('names the first divergent event (bisection) and the differing fields', () => {
    // An incremental fold that loses StepCompleted output once step b completes.
    const broken = (runId: string, events: readonly EventEnvelope[], batches: readonly number[]) => {
      const folded = foldIncrementally(runId, events, batches, { priceTable: BUNDLED_PRICE_TABLE });
      if (events.length >= 8) delete folded.state.steps.b.output;
      return folded;
    };
    const report = checkConsistency('run_c', log, { fold: { priceTable: BUNDLED_PRICE_TABLE }, batches: [3, 3, 3], incremental: broken });
    expect(report.equal).toBe(false);
    expect(report.firstDivergent).toEqual({ sequence: 8, type: 'StepCompleted', eventId: 'evt_8' });
    expect(report.differences).toEqual([{ path: '$.state.steps.b.output', kind: 'missing-left', right: { ok: 2 } }]);
  });

  it('compares a given live state as is', () => {
    const live = foldIncrementally('run_c', log, [9], { priceTable: BUNDLED_PRICE_TABLE });
    live.state.status = 'failed';
    const report = checkConsistency('run_c', log, { fold: { priceTable: BUNDLED_PRICE_TABLE }, live });
    expect(report.equal).toBe(false);
    expect(report.differences[0]).toMatchObject({ path: '$.state.status', left: 'failed', right: 'completed' });
  });
});

describe('auditResumes', () => {
  it('finds nothing in a run that never crashed', () => {
    expect(auditResumes('run_c', log)).toMatchObject({ boundaries: [], violations: 0, ok: true });
  });

  it('flags a completed step re-run after a gap, and reports a step resumed without a new attempt as expected', () => {
    const late = (e: EventEnvelope, seq: number) => ({ ...e, sequence: seq, eventId: `evt_${seq}`, recordedAt: '2026-01-01T01:00:00.000Z' });
    const rerun = [...log.slice(0, 7), late(log[2], 8), late(log[7], 9)];
    const audit = auditResumes('run_c', rerun);
    expect(audit.boundaries.map((b) => [b.boundarySequence, b.why])).toEqual([[7, ['gap']]]);
    expect(audit.boundaries[0].plan?.stepsResumed.map((s) => s.stepPath)).toEqual(['b']);
    expect(audit.boundaries[0].items.map((i) => [i.status, i.kind, i.sequence])).toEqual([
      ['violation', 'step-rerun', 8],
      ['expected', 'step-resumed', 9],
    ]);
    expect(audit.ok).toBe(false);
    const clean = auditResumes('run_c', [...log.slice(0, 7), late(log[7], 8), late(log[8], 9)]);
    expect(clean.boundaries[0].items.map((i) => [i.status, i.kind])).toEqual([['expected', 'step-resumed']]);
    expect(clean.ok).toBe(true);
    expect(auditResumes('run_c', rerun, { gapMs: 0 }).boundaries).toEqual([]);
    expect(auditResumes('run_c', rerun, { gapMs: 0, boundaries: [7] }).violations).toBe(1);
  });
});
