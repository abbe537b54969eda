/**
 * loopctl names models with free text (`fallback`/`model.switched` `from`/`to`), never with
 * a provider. A name prices only when it maps to exactly one price-table entry: either
 * `provider/model` spelled out, or a bare model id that one table key ends with.
 */
import type { ModelCallIdentity } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';

/** The identity to price `name` with, or `{}` (unpriced) when the table has no single match. */
export function modelIdentity(name: string | undefined, table: PriceTable): ModelCallIdentity {
  if (name === undefined || name.length === 0) return {};
  const slash = name.indexOf('/');
  if (slash > 0) return { provider: name.slice(0, slash), modelId: name.slice(slash + 1) };
  const suffix = `/${name.toLowerCase()}`;
  const keys = Object.keys(table.entries).filter((key) => key.endsWith(suffix));
  if (keys.length !== 1) return {};
  const key = keys[0]!;
  return { provider: key.slice(0, key.length - suffix.length), modelId: name };
}
