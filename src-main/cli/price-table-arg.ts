/** `--price-table FILE`: the table costs are computed with (default: the bundled snapshot). */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadPriceTableFile } from '../library/price-table-file';
import type { CliIo } from './cli-io';
import { DataDirError } from './run-log';
import { terminalSafe } from './terminal-safe';

/** The chosen table; a user table is announced on stderr so stdout stays little-compatible. */
export function priceTableArg(value: string | true | undefined, io: CliIo): PriceTable {
  if (typeof value !== 'string') return BUNDLED_PRICE_TABLE;
  const loaded = loadPriceTableFile(value);
  if (!loaded.ok) throw new DataDirError(loaded.error);
  io.stderr(`Costs priced with the user table "${terminalSafe(loaded.value.name)}" (${terminalSafe(loaded.value.origin ?? '')}).\n`);
  return loaded.value;
}
