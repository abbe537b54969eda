/** Pure derivations of the overview (counts and groupings over RunHead; all O(n), tested). */
import type { Diagnostic, Severity } from '../../../shared/diagnostics';
import type { StepStatus, UsageTotals } from '../../../shared/fold/run-state-types';
import type { RunHead } from '../../../shared/run/run-head-types';
import { msBetween } from '../crash/relative-time';

/** Step statuses in the order a reader scans them: trouble first. */
export const STEP_STATUS_ORDER: StepStatus[] = ['failed', 'running', 'pending', 'completed'];

/** Findings grouped by severity, errors first; empty groups left out. */
export function findingsBySeverity(findings: Diagnostic[]): Array<{ severity: Severity; items: Diagnostic[] }> {
  const order: Severity[] = ['error', 'warning', 'info'];
  return order
    .map((severity) => ({ severity, items: findings.filter((f) => f.severity === severity) }))
    .filter((group) => group.items.length > 0);
}

/** Tokens split into the kinds that bill differently (cached is a subset of input, reasoning of output). */
export type TokenKinds = { uncachedInput: number; cachedInput: number; output: number; reasoning: number };

/** Split `usage` into billing kinds. */
export function tokenKinds(usage: UsageTotals): TokenKinds {
  const cachedInput = Math.min(usage.cachedInputTokens, usage.inputTokens);
  return {
    uncachedInput: usage.inputTokens - cachedInput,
    cachedInput,
    output: usage.outputTokens,
    reasoning: Math.min(usage.reasoningTokens, usage.outputTokens),
  };
}

/** Start, end and duration; for a run without a finish, the end is its last event ("stopped"). */
export type RunTiming = { startedAt: string | null; endedAt: string | null; ended: 'finished' | 'last-event' | 'unknown'; durationMs: number | null };

/** Timing of the run from its folded head, falling back to recorded times of the log. */
export function runTiming(detail: Pick<RunHead, 'state' | 'firstRecordedAt' | 'lastRecordedAt'>): RunTiming {
  const startedAt = detail.state.startedAt ?? detail.firstRecordedAt;
  if (detail.state.finishedAt) {
    return { startedAt, endedAt: detail.state.finishedAt, ended: 'finished', durationMs: msBetween(startedAt, detail.state.finishedAt) };
  }
  if (detail.lastRecordedAt) {
    return { startedAt, endedAt: detail.lastRecordedAt, ended: 'last-event', durationMs: msBetween(startedAt, detail.lastRecordedAt) };
  }
  return { startedAt, endedAt: null, ended: 'unknown', durationMs: null };
}
