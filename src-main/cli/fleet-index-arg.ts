/**
 * The fleet index a `search` or `sql` command reads: the data dirs under `--data-dir`, the index
 * file of that root in the cache folder (`--cache-dir`, `LITTLE_INSPECTOR_CACHE_DIR`; in memory with
 * `--no-cache`), brought up to date first. Progress goes to stderr on a terminal only.
 */
import { resolve } from 'node:path';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { indexFilePath, openIndexForWrite, type IndexConnection } from '../fleet/index-file';
import { discoverFleet } from '../fleet/fleet-discovery';
import { indexIsFresh } from '../fleet/index-fresh';
import { cacheDirArg } from './cache-arg';
import type { CliIo } from './cli-io';
import { priceTableArg } from './price-table-arg';
import { DataDirError, DEFAULT_DATA_DIR } from './run-log';
import { terminalSafe } from './terminal-safe';

/** An up-to-date index, open for writing; `path` null: in memory. */
export type FleetIndexArg = { db: IndexConnection; path: string | null; root: string; table: PriceTable };

/** Open and update the index of `--data-dir`; a root without data dirs or an index that cannot be opened exits 2. */
export async function fleetIndexArg(flags: Record<string, string | true>, io: CliIo, showProgress: boolean): Promise<FleetIndexArg> {
  const discovery = discoverFleet(resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR));
  if (!discovery.ok) throw new DataDirError(discovery.error);
  const cacheDir = cacheDirArg(flags, discovery.value.dataDirs.map((dir) => dir.path));
  const path = cacheDir === null ? null : indexFilePath(cacheDir, discovery.value.root);
  const opened = openIndexForWrite(path);
  if (!opened.ok) throw new DataDirError(opened.error);
  const table = await priceTableArg(flags['price-table'], io);
  try {
    if (indexIsFresh(opened.value, discovery.value.dataDirs)) return { db: opened.value, path, root: discovery.value.root, table };
    // Only a stale index loads the builder (the fold, every source): a warm search never does.
    const { updateFleetIndex } = await import('../fleet/index-build');
    const stats = await updateFleetIndex(opened.value, discovery.value, {
      table,
      onProgress: showProgress ? (p) => io.stderr(`\rIndexing: ${p.doneDirs}/${p.dataDirs} data dirs, ${p.eventsAdded} new events`) : undefined,
    });
    if (showProgress) io.stderr('\n');
    for (const d of stats.diagnostics) io.stderr(`${terminalSafe(`${d.severity}: ${d.code}: ${d.message}`)}\n`);
    return { db: opened.value, path, root: discovery.value.root, table };
  } catch (error) {
    opened.value.close();
    throw error;
  }
}
