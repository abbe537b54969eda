/**
 * Types of the crash view: what was in flight when the log stopped, what a resume of the
 * same runId will do, and the run's verdict.
 */
import type { RunStateStatus } from '../run-state-types';

/** A fact about the run lock: owner pid alive, dead (crash evidence), or no lock dir. */
export type LockOwnerFact = 'alive' | 'dead' | 'none';

/** Status of a sub-run as the caller knows it (from its own fold plus its lock). */
export type SubRunStatus = 'completed' | 'failed' | 'running' | 'crashed' | 'pending' | 'missing';

/** One unfinished item at the end of the log, with the sequence of the event that opened it. */
export type InFlightItem =
  | { kind: 'run'; sequence?: number; status: RunStateStatus }
  | { kind: 'step-attempt'; sequence?: number; stepPath: string; attemptId: string }
  | { kind: 'session'; sequence: number; sessionId: number; role?: string; stepPath?: string }
  | { kind: 'model-call'; sequence?: number; modelTurnId: number; callId?: string; turn?: number; stepPath?: string }
  | { kind: 'tool-call'; sequence?: number; toolCallId: number; callId?: string; toolName?: string; args?: unknown; stepPath?: string }
  | { kind: 'execute-step'; sequence?: number; executeStepId: number; stepPath?: string }
  | { kind: 'parallel-branch'; sequence: number; stepPath: string; branchPath: string; attempt: number; itemKey?: string; branchIndex?: number }
  | { kind: 'parallel-group'; sequence: number; stepPath: string; attempt: number }
  | { kind: 'outer-loop-cycle'; sequence?: number; pendingCycleRunId: string; outerLoopId?: string; isThisRun: boolean };

/** The kinds of in-flight items. */
export type InFlightKind = InFlightItem['kind'];

/** The orchestrated top run (or a harness-only planner run) has no RunCompleted: status inferred from its session. */
export type InferredRunStatus = {
  status: RunStateStatus;
  basis: 'orchestrator-session' | 'harness-session';
  sessionId?: number;
  sequence?: number;
};

/** The inspector's verdict on a run. */
export type RunVerdictKind = 'completed' | 'failed' | 'running' | 'crashed' | 'pending';

/** Verdict plus a human reason naming the facts it rests on. */
export type RunVerdict = { kind: RunVerdictKind; reason: string; inferred: boolean; lockOwner?: LockOwnerFact };

/** A step the resume leaves alone because it completed. */
export type SkippedStep = { stepPath: string; sequence?: number };

/** A running attempt the resume continues without writing a new StepAttemptStarted. */
export type ResumedStep = { stepPath: string; attemptId: string; sequence?: number };

/** A step the resume runs again (a new attempt), or cannot. */
export type RerunStep = {
  stepPath: string;
  status: 'failed' | 'pending' | 'running';
  newAttempt: boolean;
  /** Set when the resume will not get past this step (terminal error, unsafe attempt history). */
  blockedReason?: string;
};

/** A model call re-invoked with its original callId; no new `called` event is written. */
export type ReinvokedModelCall = { modelTurnId: number; callId?: string; turn?: number; stepPath?: string; sequence?: number };

/** A tool re-invoked with its original callId and args; no new `started` event is written. */
export type ReinvokedToolCall = { toolCallId: number; callId?: string; toolName?: string; args?: unknown; stepPath?: string; sequence?: number };

/**
 * What a resume of the parent does with one sub-run (the seed's three words):
 * `fast-forward`: the parent recorded the call's result, which the resume reads from its own log;
 * `adopt`: the call was left in flight but the sub-run's own log finished it, so its outcome is taken as is;
 * `re-dispatch`: in flight and the sub-run unfinished or missing: dispatched again under the same reserved id.
 */
export type SubRunAction = 'fast-forward' | 'adopt' | 're-dispatch';

/** A sub-run linked from this run and what the resume does with it. */
export type SubRunDecision = {
  runId: string;
  status: SubRunStatus;
  action: SubRunAction;
  toolCallId?: number;
  /** The parent's `callId` of the run_workflow / start_workflow call. */
  callId?: string;
  toolName?: string;
  sequence?: number;
};

/** A parallel branch without its terminal event, and how the resume finishes it. */
export type BranchResume = { stepPath: string; branchPath: string; attempt: number; expect: 'backfill-terminal' | 'resume-branch'; sequence: number };

/** What re-running the same runId will do, derived from the log. */
export type ResumePlan = {
  /** False for terminal runs: nothing would be resumed. */
  applicable: boolean;
  stepsSkipped: SkippedStep[];
  stepsResumed: ResumedStep[];
  stepsRerun: RerunStep[];
  modelCallsReinvoked: ReinvokedModelCall[];
  toolCallsReinvoked: ReinvokedToolCall[];
  /** Sub-runs whose result the parent recorded: read from the parent's own log. */
  subRunsFastForwarded: SubRunDecision[];
  subRunsAdopted: SubRunDecision[];
  subRunsRedispatched: SubRunDecision[];
  branches: BranchResume[];
  /** Sessions that get a fresh `harness.session.started` (with the same manifest hash). */
  sessionsRestarted: number[];
  notes: string[];
};

/** The crash boundary of a run: where it stopped, what was open, what a resume does. */
export type CrashBoundary = {
  runId?: string;
  lastEvent?: { sequence: number; type: string; recordedAt: string };
  inFlight: InFlightItem[];
  inferredStatus?: InferredRunStatus;
  verdict: RunVerdict;
  resumePlan: ResumePlan;
};
