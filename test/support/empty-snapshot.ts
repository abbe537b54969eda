/** An empty library snapshot for tests of the transports (priced with the bundled table). */
import type { LibrarySnapshot } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { pricingProvenance } from '../../shared/pricing/staleness';

/** A snapshot with no data dirs and no runs under `root`. */
export function emptySnapshot(root = '/data'): LibrarySnapshot {
  return { root, dataDirs: [], runs: [], diagnostics: [], pricing: pricingProvenance(BUNDLED_PRICE_TABLE, new Date('2026-11-29T00:00:00Z')) };
}
