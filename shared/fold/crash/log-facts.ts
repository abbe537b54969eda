/**
 * One pass over a run's events collecting what the crash view needs beyond the folded
 * state: the sequences that opened steps and attempts, and the parallel bookkeeping the
 * fold ignores (`Parallel*` events are not folded by little-workflow).
 */
import type { EventEnvelope } from '../../events/envelope';
import { isHarnessEventType, normalizeHarnessEventType } from '../../events/event-names';
import { copyMap, owned } from '../copy-on-write';
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
  const collector = new LogFactsCollector();
  for (const event of events) collector.add(event);
  return collector.facts();
}

/**
 * `LogFacts` built one event at a time (the run accumulator feeds it as rows are read). Its
 * fields are plain data and Maps, so a structured clone of it is a checkpoint.
 */
export class LogFactsCollector {
  private lastEvent?: { sequence: number; type: string; recordedAt: string };
  private runStartedSequence?: number;
  private firstSequence?: number;
  private harnessOnly = true;
  private any = false;
  // Changed only through `owned` (a forked collector copies a snapshot's map first: copy-on-write.ts).
  private attemptStartedSequence = new Map<string, number>();
  private stepCompletedSequence = new Map<string, number>();
  private branches = new Map<string, OpenBranch>();
  private groups = new Map<string, OpenGroup>();

  /** Add the next event of the run. */
  add(event: EventEnvelope): void {
    this.any = true;
    this.firstSequence ??= event.sequence;
    this.lastEvent = { sequence: event.sequence, type: event.type, recordedAt: event.recordedAt };
    const type = normalizeHarnessEventType(event.type);
    if (!isHarnessEventType(type)) this.harnessOnly = false;
    const payload = event.payload;
    const stepPath = stringField(payload, 'stepPath');
    switch (type) {
      case 'RunStarted':
        this.runStartedSequence = event.sequence;
        break;
      case 'StepAttemptStarted':
        if (stepPath !== undefined) (this.attemptStartedSequence = owned(this, this.attemptStartedSequence, copyMap)).set(stepPath, event.sequence);
        break;
      case 'StepCompleted':
        if (stepPath !== undefined) (this.stepCompletedSequence = owned(this, this.stepCompletedSequence, copyMap)).set(stepPath, event.sequence);
        break;
      case 'ParallelBranchScheduled':
      case 'ParallelBranchCompleted':
      case 'ParallelBranchFailed': {
        const branchPath = stringField(payload, 'branchPath');
        if (stepPath === undefined || branchPath === undefined) break;
        const attempt = attemptOf(payload);
        const key = [stepPath, attempt, branchPath].join(SEP);
        if (type !== 'ParallelBranchScheduled') {
          if (this.branches.has(key)) (this.branches = owned(this, this.branches, copyMap)).delete(key);
        } else if (!this.branches.has(key)) {
          (this.branches = owned(this, this.branches, copyMap)).set(key, {
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
        if (type !== 'ParallelGroupStarted') {
          if (this.groups.has(key)) (this.groups = owned(this, this.groups, copyMap)).delete(key);
        } else if (!this.groups.has(key)) (this.groups = owned(this, this.groups, copyMap)).set(key, { stepPath, attempt, sequence: event.sequence });
        break;
      }
      default:
        // Every other type carries nothing the crash view needs from the raw log.
        break;
    }
  }

  /** The facts so far (fresh containers: later events do not change them). */
  facts(): LogFacts {
    const shared = this.view();
    return { ...shared, attemptStartedSequence: new Map(shared.attemptStartedSequence), stepCompletedSequence: new Map(shared.stepCompletedSequence) };
  }

  /**
   * The facts so far WITHOUT copying the step maps (a 200,000-event run's hold 22,000 steps
   * each): read them before the next `add` and never change them (the run accumulator's crash
   * boundary, cut at once).
   */
  view(): LogFacts {
    return {
      ...(this.lastEvent !== undefined ? { lastEvent: { ...this.lastEvent } } : {}),
      ...(this.runStartedSequence !== undefined ? { runStartedSequence: this.runStartedSequence } : {}),
      ...(this.firstSequence !== undefined ? { firstSequence: this.firstSequence } : {}),
      harnessOnly: this.any && this.harnessOnly,
      attemptStartedSequence: this.attemptStartedSequence,
      stepCompletedSequence: this.stepCompletedSequence,
      openBranches: [...this.branches.values()].map((b) => ({ ...b })),
      openGroups: [...this.groups.values()].map((g) => ({ ...g })),
    };
  }
}
