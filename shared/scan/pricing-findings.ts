/**
 * Costs the scan cannot vouch for (info only): model calls the price table has no entry for
 * (their cost is unknown, never $0) and a price table past little-workflow's 90-day staleness
 * rule (shared/pricing/staleness.ts) pricing this run's calls.
 */
import { staleEntries } from '../pricing/staleness';
import type { CallCost, ScanContext } from './scan-context';
import type { ScanFinding } from './scan-types';

export class PricingFindings {
  private readonly unpriced = new Map<string, number[]>();
  private pricedCalls = 0;

  constructor(private readonly ctx: ScanContext) {}

  /** A priced (or unpriced: null) call of `identity` at `sequence`. */
  call(sequence: number, cost: CallCost, identity: string): void {
    if (cost !== null) {
      this.pricedCalls += 1;
      return;
    }
    let sequences = this.unpriced.get(identity);
    if (sequences === undefined) {
      sequences = [];
      this.unpriced.set(identity, sequences);
    }
    sequences.push(sequence);
  }

  finish(out: ScanFinding[], now: Date): void {
    for (const [identity, sequences] of this.unpriced) {
      out.push(
        this.ctx.finding('unpriced-model', 'info', {
          message: `${sequences.length} call${sequences.length === 1 ? '' : 's'} to ${identity} could not be priced: the price table "${this.ctx.table.name}" has no entry for it, so the run's cost is a lower bound`,
          sequences,
          hint: 'Load a price table with this model (`--price-table FILE`, or Pricing in the app) to see what these calls cost.',
        }),
      );
    }
    if (this.pricedCalls === 0) return;
    const stale = staleEntries(this.ctx.table, now);
    if (stale.length === 0) return;
    const oldest = stale.reduce((a, b) => (a.ageDays >= b.ageDays ? a : b));
    out.push(
      this.ctx.finding('stale-price-table', 'info', {
        message: `${this.pricedCalls} call${this.pricedCalls === 1 ? ' was' : 's were'} priced with "${this.ctx.table.name}", whose rates were last verified ${oldest.ageDays} days ago (${oldest.verifiedAt}): costs may be out of date`,
        sequences: [],
        hint: 'Check the rates against the providers\' pages, or load a current price table.',
      }),
    );
  }
}
