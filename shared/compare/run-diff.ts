/**
 * The diff of two runs: steps aligned by step path (a visit `draft.visit[1]` or a branch
 * `review[fast-a].score` is its own path, so visits and branches align by their keys), each
 * side's values, and deltas. Tokens and cost are the `little report` rows of each run; a delta
 * with a null side is null (an unpriced cost never becomes a number). The first divergence is
 * the first aligned step whose status or output differs (a step in one run only differs); the
 * changes of a step count every field (shared/compare/step-changes.ts).
 */
import type { MaterializedRunState, MaterializedStepState } from '../fold/run-state-types';
import type { RunReport, RunReportRow } from '../report/run-report';
import type { StepActivity } from './step-activity';
import { diffSummary, stepChanges, type ChangeKind, type DiffSummary } from './step-changes';

/** One run as the diff reads it. */
export type DiffSide = {
  runId: string;
  dataDir: string;
  state: MaterializedRunState;
  /** The run's step paths in log order (shared/fold/step-order.ts). */
  order: readonly string[];
  report: RunReport;
  /** A hash of each step's output (inline JSON or artifact bytes); null when the step has none. */
  outputHashes: Readonly<Record<string, string | null>>;
  /** Each step's models, tool calls, error and output source (shared/compare/step-activity.ts). */
  activity: Readonly<Record<string, StepActivity>>;
};

/** Both values of a field, `null` where the step is absent or the value unknown. */
export type Pair<T> = { a: T | null; b: T | null };
/** Both values and `b − a` (null when either is null). */
export type NumberDelta = Pair<number> & { delta: number | null };

/** The numeric fields compared per step and in total. */
export const DIFF_NUMBERS = ['inputTokens', 'cachedInputTokens', 'outputTokens', 'reasoningTokens', 'costUsd', 'durationMs'] as const;
export type DiffNumberField = (typeof DIFF_NUMBERS)[number];

export type StepDiff = { stepPath: string; status: Pair<string>; attempts: Pair<number> } & Record<DiffNumberField, NumberDelta> & {
  /** Same output hash on both sides; null when the step is absent from either run. */
  outputEqual: boolean | null;
  /** `provider/modelId` of each model the step called, per side (null where the step is absent). */
  models: Pair<string[]>;
  /** What differs between the two runs' step (empty for a step of one run only, or the same). */
  changes: ChangeKind[];
};

export type RunDiffSide = { runId: string; dataDir: string; status: string; eventCount: number };

export type RunDiff = {
  a: RunDiffSide;
  b: RunDiffSide;
  steps: StepDiff[];
  total: Record<DiffNumberField, NumberDelta>;
  firstDivergence: string | null;
  /** Changed steps by kind and the sentence the views and the CLI print. */
  summary: DiffSummary;
};

/** `b − a`, or null when either is unknown. */
export function numberDelta(a: number | null, b: number | null): NumberDelta {
  return { a, b, delta: a === null || b === null ? null : b - a };
}

/** Wall time from the first attempt's start to the last attempt's end; null while unfinished. */
export function stepDurationMs(step: MaterializedStepState): number | null {
  const first = step.attempts[0];
  const last = step.attempts.at(-1);
  if (first === undefined || last?.finishedAt === undefined) return null;
  return spanMs(first.startedAt, last.finishedAt);
}

function spanMs(from: string | undefined, to: string | undefined): number | null {
  if (from === undefined || to === undefined) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Step paths of both runs in one order: B's order, with A's steps that B lacks placed where A
 * has them (before the next step both runs share).
 */
export function alignStepPaths(a: readonly string[], b: readonly string[]): string[] {
  const inB = new Set(b);
  const indexInA = new Map(a.map((path, i) => [path, i]));
  const out: string[] = [];
  let ai = 0;
  // A's steps up to (not including) index `end` that B lacks, in A's order.
  const flushA = (end: number) => {
    for (; ai < end; ai += 1) if (!inB.has(a[ai])) out.push(a[ai]);
  };
  for (const path of b) {
    const at = indexInA.get(path);
    if (at !== undefined && at >= ai) {
      flushA(at);
      ai = at + 1;
    }
    out.push(path);
  }
  flushA(a.length);
  return out;
}

function rowOf(report: RunReport, stepPath: string): RunReportRow | undefined {
  return report.steps.find((row) => row.stepPath === stepPath);
}

function numbersOf(row: RunReportRow | undefined, durationMs: number | null): Record<DiffNumberField, number | null> {
  return {
    inputTokens: row?.inputTokens ?? null,
    cachedInputTokens: row?.cachedInputTokens ?? null,
    outputTokens: row?.outputTokens ?? null,
    reasoningTokens: row?.reasoningTokens ?? null,
    costUsd: row?.costUsd ?? null,
    durationMs,
  };
}

function deltas(a: Record<DiffNumberField, number | null>, b: Record<DiffNumberField, number | null>): Record<DiffNumberField, NumberDelta> {
  return Object.fromEntries(DIFF_NUMBERS.map((field) => [field, numberDelta(a[field], b[field])])) as Record<DiffNumberField, NumberDelta>;
}

function stepDiff(stepPath: string, a: DiffSide, b: DiffSide): StepDiff {
  const stepA = Object.hasOwn(a.state.steps, stepPath) ? a.state.steps[stepPath] : undefined;
  const stepB = Object.hasOwn(b.state.steps, stepPath) ? b.state.steps[stepPath] : undefined;
  const numbersA = numbersOf(stepA && rowOf(a.report, stepPath), stepA ? stepDurationMs(stepA) : null);
  const numbersB = numbersOf(stepB && rowOf(b.report, stepPath), stepB ? stepDurationMs(stepB) : null);
  const modelsOf = (side: DiffSide, present: boolean) => (present ? [...(Object.hasOwn(side.activity, stepPath) ? side.activity[stepPath]!.models : [])] : null);
  const fields = {
    stepPath,
    status: { a: stepA?.status ?? null, b: stepB?.status ?? null },
    attempts: { a: stepA?.attempts.length ?? null, b: stepB?.attempts.length ?? null },
    ...deltas(numbersA, numbersB),
    outputEqual: stepA && stepB ? (a.outputHashes[stepPath] ?? null) === (b.outputHashes[stepPath] ?? null) : null,
    models: { a: modelsOf(a, stepA !== undefined), b: modelsOf(b, stepB !== undefined) },
  };
  return { ...fields, changes: stepChanges(fields) };
}

function sideOf(side: DiffSide): RunDiffSide {
  return { runId: side.runId, dataDir: side.dataDir, status: side.state.status, eventCount: side.state.eventCount };
}

/** Diff run A against run B. */
export function diffRuns(a: DiffSide, b: DiffSide): RunDiff {
  const steps = alignStepPaths(a.order, b.order).map((path) => stepDiff(path, a, b));
  const diverged = steps.find((s) => s.status.a !== s.status.b || s.outputEqual !== true);
  const runSpan = (side: DiffSide) => spanMs(side.state.startedAt, side.state.finishedAt);
  const total = deltas(numbersOf(a.report.total, runSpan(a)), numbersOf(b.report.total, runSpan(b)));
  return {
    a: sideOf(a),
    b: sideOf(b),
    steps,
    total,
    firstDivergence: diverged?.stepPath ?? null,
    summary: diffSummary(steps.map((s) => s.changes), total),
  };
}
