/** What every `export` does first: price with the user's table, open the data dir, find the run, refuse targets inside a data dir. */
import { resolve } from 'node:path';
import { RunNotFoundError } from '../../../shared/fold/fold-errors';
import type { RunSummary } from '../../../shared/library';
import { dataDirContaining } from '../../app-folders/inside-data-dir';
import type { InspectorCore } from '../../core/inspector-core';
import { UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { DataDirError, unreadableDataDirError } from '../run-log';

/** The run `runId` of `dataDir` opened in `core`; throws the CLI's errors (exit 1 or 2). */
export async function openRunToExport(core: InspectorCore, o: { dataDir: string; runId: string; priceTable: string | true | undefined; targets: string[]; io: CliIo }): Promise<RunSummary> {
  // Checked and announced like every command's; then the core loads the same file.
  await priceTableArg(o.priceTable, o.io);
  if (typeof o.priceTable === 'string') await core.handlers['pricing.load']({ path: resolve(process.cwd(), o.priceTable) });
  const opened = await core.openPath(o.dataDir);
  if (!opened.ok) throw new DataDirError(opened.error);
  const run = opened.value.runs.find((r) => r.runId === o.runId && r.dataDir === o.dataDir) ?? opened.value.runs.find((r) => r.runId === o.runId);
  if (!run) {
    // The run may sit in a data dir that could not be read: that is the error to report (exit 2).
    const unreadable = unreadableDataDirError(opened.value.dataDirs);
    if (unreadable) throw new DataDirError(unreadable);
    throw new RunNotFoundError(o.runId);
  }
  for (const target of o.targets) {
    const inside = dataDirContaining(target, opened.value.dataDirs.map((d) => d.path));
    if (inside !== null) throw new UsageError(`refusing to write ${target}: it is inside the data dir ${inside} (the inspector never writes there)`);
  }
  return run;
}
