/**
 * One pass over a run's events collecting what the crash view needs beyond the folded
 * state: the sequences that opened steps and attempts, and the parallel bookkeeping the
 * fold ignores (`Parallel*` events are not folded by little-workflow).
 */
import type { EventEnvelope } from '../../events/envelope';
import { isHarnessEventType, normalizeHarnessEventType } from '../../events/event-names';
import { field, numberField, stringField } from '../payload-fields';

/** A scheduled branch still waiting for its terminal event. */
export type OpenBranch = { stepPath: string; branchPath: string; attempt: number; itemKey?: string; branchIndex?: number; sequence: number };

/** A started parallel group still waiting for its terminal event. */
export type OpenGroup = { stepPath: string; attempt: number; sequence: number };

/** Facts gathered from the raw log. */
export type LogFacts = {
  lastEvent?: { sequence: number; type: string; recordedAt: string };
  runStartedSequence?: number;
  firstSequence?: number;
  /** Every event is a harness event (an orchestrator-mode planner run). */
  harnessOnly: boolean;
  attemptStartedSequence: Map<string, number>;
  stepCompletedSequence: Map<string, number>;
  openBranches: OpenBranch[];
  openGroups: OpenGroup[];
};

const SEP = '\u0000';

// little-workflow matches `attempt` exactly, treating an absent attempt as attempt 1.
function attemptOf(payload: unknown): number {
  const raw = field(payload, 'attempt');
  if (raw === undefined) return 1;
  return typeof raw === 'number' ? raw : Number.NaN;
}

/** Collect `LogFacts` in one linear pass. */
export function collectLogFacts(events: Iterable<EventEnvelope>): LogFacts {
  const facts: LogFacts = {
    harnessOnly: true,
    attemptStartedSequence: new Map(),
    stepCompletedSequence: new Map(),
    openBranches: [],
    openGroups: [],
  };
  const branches = new Map<string, OpenBranch>();
  const groups = new Map<string, OpenGroup>();
  let any = false;
  for (const event of events) {
    any = true;
    facts.firstSequence ??= event.sequence;
    facts.lastEvent = { sequence: event.sequence, type: event.type, recordedAt: event.recordedAt };
    const type = normalizeHarnessEventType(event.type);
    if (!isHarnessEventType(type)) facts.harnessOnly = false;
    const payload = event.payload;
    const stepPath = stringField(payload, 'stepPath');
    switch (type) {
      case 'RunStarted':
        facts.runStartedSequence = event.sequence;
        break;
      case 'StepAttemptStarted':
        if (stepPath !== undefined) facts.attemptStartedSequence.set(stepPath, event.sequence);
        break;
      case 'StepCompleted':
        if (stepPath !== undefined) facts.stepCompletedSequence.set(stepPath, event.sequence);
        break;
      case 'ParallelBranchScheduled':
      case 'ParallelBranchCompleted':
      case 'ParallelBranchFailed': {
        const branchPath = stringField(payload, 'branchPath');
        if (stepPath === undefined || branchPath === undefined) break;
        const attempt = attemptOf(payload);
        const key = [stepPath, attempt, branchPath].join(SEP);
        if (type !== 'ParallelBranchScheduled') branches.delete(key);
        else if (!branches.has(key)) {
          branches.set(key, {
            stepPath, branchPath, attempt, sequence: event.sequence,
            itemKey: stringField(payload, 'itemKey'), branchIndex: numberField(payload, 'branchIndex'),
          });
        }
        break;
      }
      case 'ParallelGroupStarted':
      case 'ParallelGroupCompleted':
      case 'ParallelGroupFailed': {
        if (stepPath === undefined) break;
        const attempt = attemptOf(payload);
        const key = `${stepPath}${SEP}${attempt}`;
        if (type !== 'ParallelGroupStarted') groups.delete(key);
        else if (!groups.has(key)) groups.set(key, { stepPath, attempt, sequence: event.sequence });
        break;
      }
      default:
        // Every other type carries nothing the crash view needs from the raw log.
        break;
    }
  }
  if (!any) facts.harnessOnly = false;
  facts.openBranches = [...branches.values()];
  facts.openGroups = [...groups.values()];
  return facts;
}
