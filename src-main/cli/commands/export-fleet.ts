/**
 * `little-inspector export-fleet --format parquet -o DIR [--data-dir DIR] [--redact [--redact-rules F]]`:
 * every run under the root as Parquet files for a warehouse (docs/FLEET.md "Parquet"). Writes
 * only `<table>.parquet` under `-o`, all staged before any is renamed into place; never into a
 * data dir.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { redactionSummary } from '../../../shared/redact/create-redactor';
import { redactorFor } from '../../../shared/redact/redaction-request';
import type { Redactor } from '../../../shared/redact/redaction-types';
import { dataDirAbove, dataDirContaining } from '../../app-folders/inside-data-dir';
import { writeDiagnostic, writeFilesAtomic } from '../../export/atomic-write';
import { PARQUET_TABLES, tableToParquet } from '../../fleet/parquet-tables';
import { readSnapshotTables } from '../../fleet/run-tables';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { loadLibraryArg, printLibraryDiagnostics } from '../library-arg';
import { priceTableArg } from '../price-table-arg';
import { printRedactions, redactionArg, REDACT_FLAGS } from '../redact-args';
import { DataDirError } from '../run-log';
import { terminalSafe } from '../terminal-safe';

const USAGE = 'Usage: little-inspector export-fleet --format parquet -o <dir> [--data-dir <dir>] [--price-table <file>] [--redact [--redact-rules <file>]]';

/** Write the fleet's tables as Parquet files under `-o`; exit 2 when the root cannot be read or the files cannot be written. */
export async function exportFleetCommand(argv: string[], io: CliIo): Promise<number> {
  const args = argv.map((a) => (a === '-o' ? '--output' : a));
  const { positionals, flags } = parseArgs(args, { 'data-dir': true, format: true, output: true, 'price-table': true, ...REDACT_FLAGS });
  if (positionals.length > 0) throw new UsageError(USAGE);
  if (flags.format !== 'parquet') throw new UsageError(`--format must be parquet\n${USAGE}`);
  if (typeof flags.output !== 'string') throw new UsageError(`-o <dir> is required\n${USAGE}`);
  const output = resolve(process.cwd(), flags.output);
  const request = redactionArg(flags);
  const redactor = request === undefined ? undefined : redactorOrThrow(request);
  const table = await priceTableArg(flags['price-table'], io);
  const library = loadLibraryArg(flags['data-dir'] as string | undefined, table, io);
  const inside = dataDirContaining(output, library.dataDirs.map((d) => d.path)) ?? dataDirAbove(output);
  if (inside !== null) throw new UsageError(`refusing to write ${output}: it is inside the data dir ${inside} (the inspector never writes there)`);

  const read = readSnapshotTables(library, table);
  const files = PARQUET_TABLES.map((name) => ({ path: join(output, `${name}.parquet`), data: tableToParquet(name, read.tables[name], redactor) }));
  try {
    mkdirSync(output, { recursive: true });
  } catch (error) {
    throw new DataDirError(writeDiagnostic(error, output));
  }
  const written = writeFilesAtomic(files);
  if (!written.ok) throw new DataDirError(written.error);
  if (redactor !== undefined) printRedactions(redactionSummary(redactor), io);
  for (const name of PARQUET_TABLES) io.stderr(`Wrote ${terminalSafe(join(output, `${name}.parquet`))} (${read.tables[name].length} rows)\n`);
  printLibraryDiagnostics(library, io);
  for (const d of read.diagnostics) io.stderr(`${terminalSafe(`${d.severity}: ${d.code}: ${d.message}`)}\n`);
  return 0;
}

function redactorOrThrow(request: Parameters<typeof redactorFor>[0]): Redactor {
  const made = redactorFor(request);
  if (!made.ok) throw new UsageError(made.error.message);
  return made.value;
}
