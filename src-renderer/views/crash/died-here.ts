/**
 * "If it had died here": the one-line summary of a resume plan as of an event, in the
 * kinds of decision a resume makes (skip, re-run, re-invoke, fast-forward, adopt), plus the steps it continues
 * in their open attempt. The plan itself is main's
 * (`plan --at` and the app build it the same way); this only counts it.
 */
import type { ResumePlan } from '../../../shared/fold/crash/crash-types';

/** One kind of decision and how many items it applies to. */
export type PlanCount = { kind: 'skip' | 'continue' | 're-run' | 're-invoke' | 'fast-forward' | 'adopt'; count: number; what: string };

/** The plan's decisions by kind (`skippedTotal`: every completed step, the head holds only the first). */
export function planCounts(plan: ResumePlan, skippedTotal: number): PlanCount[] {
  const reinvoked = plan.modelCallsReinvoked.length + plan.toolCallsReinvoked.length;
  return [
    { kind: 'skip', count: skippedTotal, what: 'completed steps kept' },
    { kind: 'continue', count: plan.stepsResumed.length, what: 'steps resumed in their open attempt' },
    { kind: 're-run', count: plan.stepsRerun.length + plan.subRunsRedispatched.length, what: 'steps started again and sub-runs re-dispatched' },
    { kind: 're-invoke', count: reinvoked, what: 'model and tool calls made again' },
    { kind: 'fast-forward', count: plan.subRunsFastForwarded.length, what: 'sub-runs whose recorded result is read back' },
    { kind: 'adopt', count: plan.subRunsAdopted.length, what: 'sub-runs finished in their own log, taken as they are' },
  ];
}
