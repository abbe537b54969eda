/** `--price-table FILE`: the table costs are computed with (default: the bundled snapshot). */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { CliIo } from './cli-io';
import { DataDirError } from './run-log';
import { terminalSafe } from './terminal-safe';

/**
 * The chosen table; a user table is announced on stderr so stdout stays little-compatible. The
 * file's reader (its zod schemas) is loaded only when a file is given: building those schemas is
 * ~20 ms of a bare `report`'s start.
 */
export async function priceTableArg(value: string | true | undefined, io: CliIo): Promise<PriceTable> {
  if (typeof value !== 'string') return BUNDLED_PRICE_TABLE;
  const { loadPriceTableFile } = await import('../library/price-table-file');
  const loaded = loadPriceTableFile(value);
  if (!loaded.ok) throw new DataDirError(loaded.error);
  io.stderr(`Costs priced with the user table "${terminalSafe(loaded.value.name)}" (${terminalSafe(loaded.value.origin ?? '')}).\n`);
  return loaded.value;
}
