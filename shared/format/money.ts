/**
 * THE money formatter: every view, the CLI's text output and the exports write dollars with it,
 * so zero reads one way ("$0.00") and an unknown cost never reads as a number. (`little report`'s
 * own table keeps little-workflow's format: shared/report/run-report-table.ts.)
 *
 * A cost has three meanings that must never blur (shared/pricing/usage-totals.ts): a number with
 * nothing left out, a number that is a lower bound (some calls unpriced or still in flight), and
 * null (nothing could be priced).
 */

/** A dollar amount: `$97.10` (cents from $1), `$0.000324` (up to six decimals below $1, at least two), `$0.00`, `<$0.000001`; null: `unknown`. */
export function formatUsd(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return 'unknown';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs === 0) return '$0.00';
  if (abs < 0.000001) return `${sign}<$0.000001`;
  if (abs >= 1) return `${sign}$${abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  // Six decimals, trailing zeros dropped down to cents: $0.50, $0.000324.
  return `${sign}$${abs.toFixed(6).replace(/0{1,4}$/, '')}`;
}

/** A cost with what it leaves out: priced calls' sum, calls no table prices, calls the log ends inside. */
export type CostFacts = {
  costUsd: number | null;
  /** Calls with usage but no price (their cost is unknown, not 0). */
  unpricedCalls?: number;
  /** Model calls started and never answered (the log ends inside them): their cost is unknown. */
  inFlightCalls?: number;
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A cost as a person should read it: `$97.10`, `$97.10 + 22,638 unpriced`, `$0.000324 + 1 in
 * flight`, `cost unknown (3 unpriced)`, `cost unknown (1 call in flight)`. A $0 next to calls
 * of unknown cost is not a measured zero, so it reads "cost unknown".
 */
export function formatCost({ costUsd, unpricedCalls = 0, inFlightCalls = 0 }: CostFacts): string {
  const unknown: string[] = [];
  if (unpricedCalls > 0) unknown.push(`${count(unpricedCalls)} unpriced`);
  if (inFlightCalls > 0) unknown.push(`${count(inFlightCalls)} ${inFlightCalls === 1 ? 'call' : 'calls'} in flight`);
  if (costUsd === null || (costUsd === 0 && unknown.length > 0)) return unknown.length === 0 ? 'cost unknown' : `cost unknown (${unknown.join(', ')})`;
  return [formatUsd(costUsd), ...unknown].join(' + ');
}

/** True when `facts` is a complete figure (nothing unpriced, nothing in flight). */
export function costIsComplete({ costUsd, unpricedCalls = 0, inFlightCalls = 0 }: CostFacts): boolean {
  return costUsd !== null && unpricedCalls === 0 && inFlightCalls === 0;
}

/** What a cost beside calls the log ends inside leaves out, as one sentence. */
export function inFlightSentence(calls: number): string {
  return `The log ends inside ${count(calls)} model ${calls === 1 ? 'call' : 'calls'}: ${calls === 1 ? 'its' : 'their'} cost is unknown.`;
}
