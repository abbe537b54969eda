/** Which price table priced this run, how old its rates are, and the entries this run's models hit (rates come from main). */
import type { PricingProvenance } from '../../../shared/pricing/staleness';
import type { ModelCost, ModelRate } from '../../../shared/costs/cost-data';

/** Rates per 1M tokens as `in / cached / out`. */
function rates(rate: ModelRate): string {
  return `$${rate.input} / ${rate.cachedInput === null ? `(${rate.input})` : `$${rate.cachedInput}`} / $${rate.output}`;
}

/** Provenance and the rates used, with the 90-day staleness verdict per entry. */
export function PriceTableNote({ pricing, models }: { pricing: PricingProvenance; models: ModelCost[] }) {
  return (
    <section className="price-note" aria-labelledby="price-note-title">
      <h3 id="price-note-title">Price table</h3>
      <p>
        <strong>{pricing.tableName}</strong> <span className="muted">({pricing.source}, {pricing.entryCount} models{pricing.oldestVerifiedAt ? `, oldest rate verified ${pricing.oldestVerifiedAt}` : ''})</span>
        {pricing.stale && <span className="stale"> · some rates are more than 90 days old: costs may be out of date</span>}
      </p>
      <table className="data-table">
        <thead><tr><th>model</th><th>entry</th><th className="num">$ per 1M in / cached / out</th><th>verified</th></tr></thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.model}>
              <td className="mono">{m.model}</td>
              <td className="mono">{m.priceKey ?? <span className="unpriced-note">not in table: unpriced</span>}</td>
              <td className="num">{m.rate ? rates(m.rate) : 'n/a'}</td>
              <td>
                {m.rate?.unverified ? <span className="stale">unverified rate</span> : m.rate?.verifiedAt ?? '—'}
                {m.rate?.staleDays != null && <span className="stale"> · stale ({m.rate.staleDays} days)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
