/** `little-inspector report <runId> [--table] [--data-dir DIR]`: `little report`, byte for byte. */
import { runReport } from '../../../shared/report/run-report';
import { formatRunReportTable } from '../../../shared/report/run-report-table';
import { parseArgs, UsageError } from '../args';
import { CACHE_FLAGS, CACHE_USAGE, checkpointsArg } from '../cache-arg';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { foldRunOrThrow, openDataDirArg } from '../run-log';

/** Print the report as one JSON line, or as the fixed-width table with `--table`. */
export async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, table: false, json: false, 'price-table': true, ...CACHE_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`Usage: little-inspector report <run-id> [--table] [--price-table <file>] [--data-dir <dir>] ${CACHE_USAGE}`);
  const priceTable = await priceTableArg(flags['price-table'], io);
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  try {
    const checkpoints = checkpointsArg(flags, [reader.path]);
    const report = runReport(foldRunOrThrow(reader, positionals[0], { table: priceTable, checkpoints }).state());
    io.stdout(flags.table ? formatRunReportTable(report) : `${JSON.stringify(report)}\n`);
  } finally {
    reader.close();
  }
  return 0;
}
