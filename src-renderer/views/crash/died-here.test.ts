import { describe, expect, it } from 'vitest';
import type { ResumePlan } from '../../../shared/fold/crash/crash-types';
import { emptyResumePlan } from '../../../shared/fold/crash/resume-plan';
import { planCounts } from './died-here';

const empty = emptyResumePlan(true);

describe('"if it had died here" counts', () => {
  it('counts each kind of decision, skipped steps from the full total rather than the head\'s first few', () => {
    const plan = {
      ...empty,
      stepsSkipped: [{}],
      stepsResumed: [{}],
      stepsRerun: [{}, {}],
      modelCallsReinvoked: [{}],
      toolCallsReinvoked: [{}, {}],
      subRunsFastForwarded: [{}, {}, {}, {}],
      subRunsAdopted: [{}],
      subRunsRedispatched: [{}],
    } as unknown as ResumePlan;
    expect(Object.fromEntries(planCounts(plan, 120).map((c) => [c.kind, c.count]))).toEqual({ skip: 120, continue: 1, 're-run': 3, 're-invoke': 3, 'fast-forward': 4, adopt: 1 });
    expect(planCounts(empty, 0).every((c) => c.count === 0)).toBe(true);
  });
});
