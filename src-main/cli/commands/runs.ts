/** `little-inspector runs [--data-dir DIR] [--json]`: every run under the dir, without folding each one. */
import type { RunSummary } from '../../../shared/library';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { loadLibraryArg, printLibraryDiagnostics } from '../library-arg';
import { priceTableArg } from '../price-table-arg';
import { formatRunsTable } from '../runs-table';
import { terminalSafe } from '../terminal-safe';

/** Print the run list as a table, or as a JSON array with `--json`. */
export async function runsCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, 'price-table': true });
  if (positionals.length > 0) throw new UsageError('Usage: little-inspector runs [--data-dir <dir>] [--json] [--price-table <file>]');
  const table = await priceTableArg(flags['price-table'], io);
  const library = loadLibraryArg(flags['data-dir'] as string | undefined, table, io);
  const runs: RunSummary[] = library.runs;
  const pricing = library.pricing;
  // Every cost says which table priced it.
  io.stdout(flags.json ? `${JSON.stringify(runs.map((run) => ({ ...run, priceTable: pricing.tableId })), null, 2)}\n` : formatRunsTable(runs));
  if (!flags.json) io.stdout(`\nCosts priced with ${terminalSafe(pricing.tableName)} (${pricing.source}${pricing.oldestVerifiedAt ? `, verified ${pricing.oldestVerifiedAt}` : ''}).\n`);
  if (pricing.stale) io.stderr(`Warning: the price table "${terminalSafe(pricing.tableName)}" has entries verified more than 90 days ago; costs may be out of date (see "little-inspector pricing").\n`);
  // Root-level notes, such as "stopped after N folders", say what the list may be missing.
  printLibraryDiagnostics(library, io);
  return 0;
}
