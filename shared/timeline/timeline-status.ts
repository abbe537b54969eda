/** Status and usage roll-ups for synthetic timeline rows (branches, visit groups). */
import type { UsageTotals } from '../fold/run-state-types';
import type { TimelineRowKind, TimelineStatus } from './timeline-types';

/**
 * Status of a group from its children in time order: a visits group is its last visit; a
 * branch is crashed/running while any child is, failed when any child failed, else completed.
 */
export function aggregateStatus(kind: TimelineRowKind, children: readonly TimelineStatus[]): TimelineStatus {
  if (children.length === 0) return 'pending';
  if (kind === 'visits') return children[children.length - 1];
  for (const status of ['crashed', 'running', 'failed', 'pending'] as const) if (children.includes(status)) return status;
  return 'completed';
}

/** Sum two usage totals; cost stays null only when neither side has a priced figure. */
export function addUsage(a: UsageTotals | undefined, b: UsageTotals | undefined): UsageTotals | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    costUsd: a.costUsd === null && b.costUsd === null ? null : (a.costUsd ?? 0) + (b.costUsd ?? 0),
    pricedCalls: a.pricedCalls + b.pricedCalls,
    unpricedCalls: a.unpricedCalls + b.unpricedCalls,
  };
}
