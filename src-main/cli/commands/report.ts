/** `little-inspector report <runId> [--table] [--data-dir DIR]`: `little report`, byte for byte. */
import { RunNotFoundError } from '../../../shared/fold/fold-errors';
import { materializeRunState } from '../../../shared/fold/run-state';
import { runReport } from '../../../shared/report/run-report';
import { formatRunReportTable } from '../../../shared/report/run-report-table';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { listRunEvents, openDataDirArg } from '../run-log';

/** Print the report as one JSON line, or as the fixed-width table with `--table`. */
export async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, table: false, json: false, 'price-table': true });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector report <run-id> [--table] [--price-table <file>] [--data-dir <dir>]');
  const priceTable = priceTableArg(flags['price-table'], io);
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  try {
    const runId = positionals[0];
    const events = listRunEvents(reader, runId);
    if (events.length === 0) throw new RunNotFoundError(runId);
    const report = runReport(materializeRunState(runId, events, { priceTable }));
    io.stdout(flags.table ? formatRunReportTable(report) : `${JSON.stringify(report)}\n`);
  } finally {
    reader.close();
  }
  return 0;
}
