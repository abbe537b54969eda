/** Honest cost and token text for steps and timeline rows. */
import type { UsageTotals } from '../../../shared/fold/run-state-types';
import { formatCostFacts } from '../../format';

/** `cost unknown (n unpriced)` when nothing could be priced, `$x + n unpriced` when part could. */
export function costText(usage: UsageTotals): string {
  return formatCostFacts(usage);
}

/** `1,234 in · 56 out` (cached and reasoning when present), or null without tokens. */
export function tokenText(usage: UsageTotals): string | null {
  const total = usage.inputTokens + usage.outputTokens;
  if (total === 0 && usage.pricedCalls + usage.unpricedCalls === 0) return null;
  const parts = [`${usage.inputTokens.toLocaleString('en-US')} in`, `${usage.outputTokens.toLocaleString('en-US')} out`];
  if (usage.cachedInputTokens > 0) parts.push(`${usage.cachedInputTokens.toLocaleString('en-US')} cached`);
  if (usage.reasoningTokens > 0) parts.push(`${usage.reasoningTokens.toLocaleString('en-US')} reasoning`);
  return parts.join(' · ');
}
