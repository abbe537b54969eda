/** `little-inspector runs [--data-dir DIR] [--json]`: every run under the dir, without folding each one. */
import { resolve } from 'node:path';
import type { RunSummary } from '../../../shared/library';
import { loadLibrary } from '../../library/load-library';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { DataDirError, DEFAULT_DATA_DIR, unreadableDataDirError } from '../run-log';
import { formatRunsTable } from '../runs-table';
import { terminalSafe } from '../terminal-safe';
import { formatDiagnostic } from '../format-diagnostic';

/** Print the run list as a table, or as a JSON array with `--json`. */
export async function runsCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, 'price-table': true });
  if (positionals.length > 0) throw new UsageError('Usage: little-inspector runs [--data-dir <dir>] [--json] [--price-table <file>]');
  const table = await priceTableArg(flags['price-table'], io);
  const library = loadLibrary(resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR), table);
  if (!library.ok) throw new DataDirError(library.error);
  const runs: RunSummary[] = library.value.runs;
  const dirs = library.value.dataDirs;
  // "No runs." with exit 0 would claim the dirs are empty: when none could be read, exit 2.
  if (runs.length === 0 && dirs.length > 0 && dirs.every((dir) => unreadableDataDirError([dir]) !== null)) {
    for (const dir of dirs.slice(1)) io.stderr(`${terminalSafe(`${dir.label}: ${formatDiagnostic(unreadableDataDirError([dir])!)}`)}\n`);
    throw new DataDirError(unreadableDataDirError(dirs)!);
  }
  const pricing = library.value.pricing;
  // Every cost says which table priced it.
  io.stdout(flags.json ? `${JSON.stringify(runs.map((run) => ({ ...run, priceTable: pricing.tableId })), null, 2)}\n` : formatRunsTable(runs));
  if (!flags.json) io.stdout(`\nCosts priced with ${terminalSafe(pricing.tableName)} (${pricing.source}${pricing.oldestVerifiedAt ? `, verified ${pricing.oldestVerifiedAt}` : ''}).\n`);
  if (pricing.stale) io.stderr(`Warning: the price table "${terminalSafe(pricing.tableName)}" has entries verified more than 90 days ago; costs may be out of date (see "little-inspector pricing").\n`);
  // Root-level notes, such as "stopped after N folders", say what the list may be missing.
  for (const d of library.value.diagnostics.filter((note) => note.severity !== 'error')) io.stderr(`${terminalSafe(`${d.severity}: ${d.code}: ${d.message}`)}\n`);
  for (const dir of library.value.dataDirs) {
    // Labels are folder names and messages quote paths: shown, never obeyed.
    for (const d of dir.diagnostics) io.stderr(`${terminalSafe(`${dir.label}: ${d.severity}: ${d.code}: ${d.message}`)}\n`);
  }
  return 0;
}
