/** Which price table priced every cost on screen, how fresh it is, and loading your own. */
import { useState, type FormEvent } from 'react';
import type { PricingProvenance } from '../../shared/pricing/staleness';
import { useLibraryStore } from '../stores/library-store';

export function PricingBar({ pricing }: { pricing: PricingProvenance }) {
  const loadPriceTable = useLibraryStore((s) => s.loadPriceTable);
  // A shared bundle's costs were priced when it was exported: there is no table to swap.
  const inBundle = useLibraryStore((s) => s.appInfo?.mode === 'bundle');
  const [path, setPath] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim()) void loadPriceTable(path.trim());
  };
  return (
    <div className="pricing-bar" aria-label="Price table">
      <span>
        Costs priced with <strong>{pricing.tableName}</strong>
        <span className="muted"> · {pricing.source}{pricing.oldestVerifiedAt ? ` · verified ${pricing.oldestVerifiedAt}` : ''} · {pricing.entryCount} models</span>
      </span>
      {pricing.stale && (
        <span className="stale" role="note">
          Some rates were verified more than 90 days ago: costs may be out of date.
        </span>
      )}
      {!inBundle && <form onSubmit={submit} className="pricing-form">
        <label htmlFor="price-table-path" className="visually-hidden">Price table file</label>
        <input id="price-table-path" placeholder="Your price table (.json)" value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} />
        <button type="submit">Use table</button>
        {pricing.source === 'user' && (
          <button type="button" onClick={() => void loadPriceTable(null)}>Bundled table</button>
        )}
      </form>}
    </div>
  );
}
