/**
 * The materialized run state, field for field as little-workflow's `MaterializedRunState`
 * (world.ts / pricing.ts @ the newest stored commits). `little replay` prints this shape.
 */

// The totals are pricing's (pricing sits below the fold); the fold's state carries them.
import type { UsageTotals } from '../pricing/usage-totals';
export type { UsageTotals };

export type StepAttemptStatus = 'running' | 'completed' | 'failed';

export type MaterializedStepAttempt = {
  attemptId: string;
  startedAt: string;
  finishedAt?: string;
  status: StepAttemptStatus;
  error?: unknown;
};

export type StepStatus = 'pending' | 'running' | 'completed' | 'failed';

export type MaterializedStepState = {
  stepPath: string;
  status: StepStatus;
  usage: UsageTotals;
  attempts: MaterializedStepAttempt[];
  output?: unknown;
  outputRef?: string;
  artifactRefs: string[];
  metadata?: Record<string, unknown>;
  error?: unknown;
};

export type RunStateStatus = 'pending' | 'running' | 'completed' | 'failed';

export type MaterializedRunState = {
  runId: string;
  workflowVersionId?: string;
  status: RunStateStatus;
  startedAt?: string;
  finishedAt?: string;
  output?: unknown;
  outputRef?: string;
  usage: UsageTotals;
  /** Null-prototype object keyed by step path, like the original. */
  steps: Record<string, MaterializedStepState>;
  artifacts: string[];
  error?: unknown;
  eventCount: number;
};
