/**
 * Build the library snapshot for a root: discovery, then per data dir its source's run rows
 * (priced with the active table).
 *
 * Synchronous and plain (the CLI calls it directly); the core runs it in the worker thread
 * (workers/run-detail-worker.ts), because judging open runs folds their whole logs.
 */
import { fail, type Result } from '../../shared/diagnostics';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { pricingProvenance } from '../../shared/pricing/staleness';
import { discover } from '../sources/fs/discovery';
import { createSourceRegistry, type SourceRegistry } from '../sources/registry';
import { pushAll } from '../../shared/math/push-all';

/** Discover and summarise everything under `root`; fails only when no data dir is found. */
export function loadLibrary(root: string, table: PriceTable, sources?: SourceRegistry): Result<LibrarySnapshot> {
  const discovery = discover(root, { countRuns: false });
  if (discovery.dataDirs.length === 0) {
    const first = discovery.diagnostics.find((d) => d.severity === 'error') ?? discovery.diagnostics[0];
    return fail(first ?? { code: 'not-a-data-dir', severity: 'error', message: `No data dir under ${root}`, path: root });
  }
  const registry = sources ?? createSourceRegistry();
  try {
    const runs: RunSummary[] = [];
    const dataDirs: DataDirInfo[] = discovery.dataDirs.map((dir) => {
      const found = registry.sourceOf(dir).listRuns(dir, table);
      pushAll(runs, found.runs);
      return { ...dir, runCount: found.runs.length, diagnostics: [...dir.diagnostics, ...found.diagnostics] };
    });
    return { ok: true, value: { root: discovery.root, dataDirs, runs, diagnostics: discovery.diagnostics, pricing: pricingProvenance(table, new Date()) } };
  } finally {
    if (sources === undefined) registry.dispose();
  }
}
