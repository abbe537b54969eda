/** Which price table priced this run, how old its rates are, and the entries this run's models hit. */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { staleEntries, type PricingProvenance } from '../../../shared/pricing/staleness';
import type { ModelCost } from '../../../shared/costs/cost-data';

/** Rates per 1M tokens as `in / cached / out`. */
function rates(key: string): string {
  const p = BUNDLED_PRICE_TABLE.entries[key]?.pricing;
  if (!p) return '—';
  return `$${p.input} / ${p.cachedInput === undefined ? `(${p.input})` : `$${p.cachedInput}`} / $${p.output}`;
}

/** Provenance and the rates used, with the 90-day staleness verdict per entry. */
export function PriceTableNote({ pricing, models, now = new Date() }: { pricing: PricingProvenance; models: ModelCost[]; now?: Date }) {
  const stale = new Map(staleEntries(BUNDLED_PRICE_TABLE, now).map((s) => [s.key, s]));
  const bundled = pricing.source === 'bundled';
  return (
    <section className="price-note" aria-labelledby="price-note-title">
      <h3 id="price-note-title">Price table</h3>
      <p>
        <strong>{pricing.tableName}</strong> <span className="muted">({pricing.source}, {pricing.entryCount} models{pricing.oldestVerifiedAt ? `, oldest rate verified ${pricing.oldestVerifiedAt}` : ''})</span>
        {pricing.stale && <span className="stale"> · some rates are more than 90 days old: costs may be out of date</span>}
      </p>
      {bundled ? (
        <table className="data-table">
          <thead><tr><th>model</th><th>entry</th><th className="num">$ per 1M in / cached / out</th><th>verified</th></tr></thead>
          <tbody>
            {models.map((m) => {
              const entry = m.priceKey ? BUNDLED_PRICE_TABLE.entries[m.priceKey] : undefined;
              const old = m.priceKey ? stale.get(m.priceKey) : undefined;
              return (
                <tr key={m.model}>
                  <td className="mono">{m.model}</td>
                  <td className="mono">{m.priceKey ?? <span className="unpriced-note">not in table: unpriced</span>}</td>
                  <td className="num">{m.priceKey ? rates(m.priceKey) : 'n/a'}</td>
                  <td>
                    {entry?.unverified ? <span className="stale">unverified rate</span> : entry?.pricingVerifiedAt ?? '—'}
                    {old && <span className="stale"> · stale ({old.ageDays} days)</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted">Per-call charts and the per-model table are priced in the app with the bundled table only; the report above uses your table.</p>
      )}
    </section>
  );
}
