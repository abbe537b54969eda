/** `--data-dir` (default `.little-workflow`) loaded as a library snapshot, for the commands over every run under a root. */
import { resolve } from 'node:path';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../library/load-library';
import type { CliIo } from './cli-io';
import { formatDiagnostic } from './format-diagnostic';
import { DataDirError, DEFAULT_DATA_DIR, unreadableDataDirError } from './run-log';
import { terminalSafe } from './terminal-safe';

/**
 * The snapshot of every data dir under `dataDir`, or DataDirError (exit 2) when none is found or
 * none could be read ("no runs" with exit 0 would claim the dirs are empty).
 */
export function loadLibraryArg(dataDir: string | undefined, table: PriceTable, io: CliIo): LibrarySnapshot {
  const library = loadLibrary(resolve(process.cwd(), dataDir ?? DEFAULT_DATA_DIR), table);
  if (!library.ok) throw new DataDirError(library.error);
  const { runs, dataDirs: dirs } = library.value;
  if (runs.length === 0 && dirs.length > 0 && dirs.every((dir) => unreadableDataDirError([dir]) !== null)) {
    for (const dir of dirs.slice(1)) io.stderr(`${terminalSafe(`${dir.label}: ${formatDiagnostic(unreadableDataDirError([dir])!)}`)}\n`);
    throw new DataDirError(unreadableDataDirError(dirs)!);
  }
  return library.value;
}

/** The snapshot's notes on stderr: root-level ones (such as "stopped after N folders") and each data dir's. */
export function printLibraryDiagnostics(library: LibrarySnapshot, io: CliIo): void {
  for (const d of library.diagnostics.filter((note) => note.severity !== 'error')) io.stderr(`${terminalSafe(`${d.severity}: ${d.code}: ${d.message}`)}\n`);
  for (const dir of library.dataDirs) {
    // Labels are folder names and messages quote paths: shown, never obeyed.
    for (const d of dir.diagnostics) io.stderr(`${terminalSafe(`${dir.label}: ${d.severity}: ${d.code}: ${d.message}`)}\n`);
  }
}
