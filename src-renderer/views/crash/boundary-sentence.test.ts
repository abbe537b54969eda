import { describe, expect, it } from 'vitest';
import type { CrashBoundary } from '../../../shared/fold/crash/crash-types';
import { emptyResumePlan } from '../../../shared/fold/crash/resume-plan';
import { describeBoundary, inFlightLabel, mostSpecificInFlight, resumeClause } from './boundary-sentence';

const emptyPlan = emptyResumePlan(true);

const modelInFlight: CrashBoundary = {
  lastEvent: { sequence: 18, type: 'harness.model.called', recordedAt: '2026-11-20T09:00:02.706Z' },
  inFlight: [
    { kind: 'run', sequence: 2, status: 'running' },
    { kind: 'step-attempt', stepPath: 'summarize', attemptId: 'attempt_1', sequence: 15 },
    { kind: 'session', sequence: 16, sessionId: 1, role: 'worker.ai-generate', stepPath: 'summarize' },
    { kind: 'model-call', sequence: 18, modelTurnId: 0, callId: 'evt_x', turn: 1, stepPath: 'summarize' },
  ],
  verdict: { kind: 'crashed', reason: 'no terminal event; run lock owner process is dead', inferred: false, lockOwner: 'dead' },
  resumePlan: {
    ...emptyPlan,
    stepsSkipped: [{ stepPath: 'fetch', sequence: 13 }],
    stepsResumed: [{ stepPath: 'summarize', attemptId: 'attempt_1', sequence: 15 }],
    modelCallsReinvoked: [{ modelTurnId: 0, callId: 'evt_x', turn: 1, stepPath: 'summarize', sequence: 18 }],
  },
};

describe('boundary sentence', () => {
  it('names the most specific open item', () => {
    expect(mostSpecificInFlight(modelInFlight.inFlight)?.kind).toBe('model-call');
    expect(mostSpecificInFlight([])).toBeUndefined();
    expect(inFlightLabel(modelInFlight.inFlight[3])).toBe('model call turn 1 in summarize in flight');
  });

  it('says where it stopped, who owned it and what a resume does', () => {
    const text = describeBoundary(modelInFlight, { state: 'crashed', pid: 4242, createdAt: null });
    expect(text).toBe(
      'Stopped at #18 (harness.model.called) with model call turn 1 in summarize in flight; the lock owner (pid 4242) is dead. ' +
        'A resume of the same run id skips 1 completed step, continues summarize without a new attempt, re-invokes 1 model call.',
    );
  });

  it('says a live owner probably still runs it', () => {
    const live: CrashBoundary = { ...modelInFlight, verdict: { ...modelInFlight.verdict, kind: 'running' } };
    expect(describeBoundary(live, { state: 'running', pid: 7, createdAt: null })).toMatch(/^Probably still running: the lock owner \(pid 7\) is alive/);
  });

  it('counts every skipped step when the plan lists only the first of them', () => {
    const listed = { ...emptyPlan, stepsSkipped: [{ stepPath: 'a', sequence: 1 }] };
    expect(resumeClause(listed)).toBe('skips 1 completed step');
    expect(resumeClause(listed, 22_221)).toBe('skips 22,221 completed steps');
  });

  it('names blocked steps and an empty plan honestly', () => {
    expect(resumeClause(emptyPlan)).toBe('has nothing left to do but write the run terminal');
    expect(resumeClause({ ...emptyPlan, stepsRerun: [{ stepPath: 'run', status: 'failed', newAttempt: false, blockedReason: 'terminal' }] })).toBe(
      'cannot get past run',
    );
  });
});
