/** Cost and tokens of the run, with the price table that produced the figure and its freshness. */
import type { RunHead } from '../../../shared/run/run-head-types';
import { formatCostFacts, formatCount } from '../../format';
import { tokenKinds } from './overview-facts';
import { boundaryInFlightCalls } from '../../../shared/fold/crash/in-flight-calls';

/** The cost card: total (or n/a), unpriced calls, the table used. */
export function CostCard({ detail }: { detail: RunHead }) {
  const usage = detail.state.usage;
  const { pricing } = detail;
  const inFlight = boundaryInFlightCalls(detail);
  return (
    <section className="ov-card" aria-labelledby="ov-cost-h">
      <h3 id="ov-cost-h">Cost</h3>
      <p className="ov-big">
        {formatCostFacts({ costUsd: usage.costUsd, unpricedCalls: usage.unpricedCalls, inFlightCalls: inFlight })}
      </p>
      <p className="ov-line">
        {usage.pricedCalls} priced call{usage.pricedCalls === 1 ? '' : 's'}
        {usage.unpricedCalls > 0 && (
          <>
            , <span className="ov-warn">{usage.unpricedCalls} unpriced call{usage.unpricedCalls === 1 ? '' : 's'}</span> (no table entry for the model; not counted)
          </>
        )}
        {inFlight > 0 && (
          <>
            , <span className="ov-warn">{inFlight} call{inFlight === 1 ? '' : 's'} in flight</span> (the log ends inside {inFlight === 1 ? 'it' : 'them'}: cost unknown)
          </>
        )}
      </p>
      <p className="ov-line muted">
        Priced with <span className="ov-fg">{pricing.tableName}</span> ({pricing.source}
        {pricing.oldestVerifiedAt ? `, verified ${pricing.oldestVerifiedAt}` : ', no verification date'}
        {pricing.unverifiedCount > 0 ? `, ${pricing.unverifiedCount} unverified entries` : ''})
      </p>
      {pricing.stale && (
        <p className="ov-line ov-warn" role="note">
          Stale table: some rates are over 90 days past verification.
        </p>
      )}
    </section>
  );
}

/** The tokens card: input split into uncached and cached, output with its reasoning share. */
export function TokensCard({ detail }: { detail: RunHead }) {
  const t = tokenKinds(detail.state.usage);
  const rows: Array<[string, number, string]> = [
    ['Uncached input', t.uncachedInput, ''],
    ['Cached input', t.cachedInput, ''],
    ['Output', t.output, ''],
    ['Reasoning', t.reasoning, 'of output'],
  ];
  return (
    <section className="ov-card" aria-labelledby="ov-tokens-h">
      <h3 id="ov-tokens-h">Tokens</h3>
      <table className="ov-table">
        <tbody>
          {rows.map(([name, value, note]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="num">{formatCount(value)}</td>
              <td className="muted">{note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
