/**
 * `run.scan` and `library.scan`: the behavioural scan of one run of the opened library (the run
 * view's Behaviour card) and of every run (the run list's Findings column, the fleet's most
 * common findings). Scans are kept per run while its library row is unchanged (same events,
 * same end, same price table), so a refresh rescans only runs that grew; a run's card carries
 * the fleet findings of the last library scan.
 */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../shared/events/envelope';
import type { LibrarySnapshot, RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { runItemKey } from '../../shared/run/run-key';
import { commonFleetFindings, findingCounts } from '../../shared/scan/fleet-findings';
import { sortFindings } from '../../shared/scan/run-scan';
import type { LibraryScanView, RunScanView, ScanFinding, ScanSettings } from '../../shared/scan/scan-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunSource } from '../sources/run-source';
import { createSourceRegistry } from '../sources/registry';
import { scanLibrary, scanRunLog, type ScannedRun } from './scan-runs';
import type { ScanRunOffMain } from './run-builds';

/** When each finding's first event was recorded: one row read per finding (a run has few), null where it cannot be read. */
async function firstTimes(source: RunSource, run: RunSummary, findings: readonly ScanFinding[]): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (const finding of findings) {
    const first = finding.sequences[0];
    const rows = first === undefined ? null : await source.eventRows(run.dataDir, run.runId, first, 1);
    out.push(rows?.ok && rows.value[0]?.sequence === first ? rows.value[0].recordedAt : null);
  }
  return out;
}

/** `scanRun`: where the run view's scans run (core/: a thread of its own; absent: this thread). */
export type ScanServiceContext = { snapshot(): LibrarySnapshot | null; table(): PriceTable; settings(): Result<ScanSettings>; scanRun?: ScanRunOffMain };

export function createScanService(context: ScanServiceContext) {
  const sources = createSourceRegistry();
  const kept = new Map<string, { key: string; scan: Promise<Result<ScannedRun>>; cancel?: () => void }>();
  // The last library scan's cross-run findings, by run.
  let fleet = new Map<string, ScanFinding[]>();

  const rowKey = (run: RunSummary, table: PriceTable) => `${run.eventCount}\n${run.lastSequence}\n${run.finishedAt}\n${table.id}`;

  // `at`: the run as of that event (time travel); the last one kept per run, beside the whole run's.
  // `offMain`: the run view's scan, on the scan thread where there is one; a scan as of another
  // event it replaces is ended there (the view shows one position of a run: the one asked last).
  const scanOf = (snapshot: LibrarySnapshot, run: RunSummary, settings: ScanSettings, at?: number, offMain = false): Promise<Result<ScannedRun>> => {
    const table = context.table();
    const id = at === undefined ? runItemKey(run, 'scan') : runItemKey(run, 'scan-at');
    const key = `${rowKey(run, table)}\n${at ?? 'now'}`;
    const hit = kept.get(id);
    if (hit !== undefined && hit.key === key) return hit.scan;
    const dir = snapshot.dataDirs.find((d) => d.path === run.dataDir);
    if (dir === undefined) return Promise.resolve(fail(diagnostic('invalid-argument', `${run.dataDir} is not a data dir of the opened library`, { path: run.dataDir })));
    const job = offMain && context.scanRun !== undefined ? context.scanRun({ dir, runId: run.runId, table, settings, now: new Date().toISOString(), at: at ?? null }) : null;
    const scan = job?.result ?? scanRunLog(sources.sourceOf(dir), run.dataDir, run.runId, { table, settings, now: new Date() }, at);
    // Only a position gives way: a whole run's scan asked again for a grown log may still be on screen.
    if (at !== undefined) hit?.cancel?.();
    kept.set(id, { key, scan, ...(job === null ? {} : { cancel: job.cancel }) });
    void scan.then((result) => !result.ok && kept.get(id)?.scan === scan && kept.delete(id));
    return scan;
  };

  const opened = (): Result<{ snapshot: LibrarySnapshot; settings: ScanSettings }> => {
    const snapshot = context.snapshot();
    if (snapshot === null) return fail(diagnostic('invalid-argument', 'No data directory is open'));
    const settings = context.settings();
    return settings.ok ? ok({ snapshot, settings: settings.value }) : settings;
  };

  return {
    /** One run's findings, with the fleet findings the last library scan gave it. */
    run: async (ref: RunRef): Promise<Result<RunScanView>> => {
      const open = opened();
      if (!open.ok) return open;
      if (!RUN_ID_PATTERN.test(ref.runId)) return fail(diagnostic('invalid-run-id', `${JSON.stringify(ref.runId)} is not a little-workflow run id`));
      const run = open.value.snapshot.runs.find((r) => r.dataDir === ref.dataDir && r.runId === ref.runId);
      if (run === undefined) return fail(diagnostic('run-not-found', `Run not found: ${ref.runId}`, { runId: ref.runId }));
      // As of #N: the log up to N (an address past the log's end is the whole run, as the head clamps it).
      const at = ref.at !== undefined && run.lastSequence !== undefined && ref.at < run.lastSequence ? ref.at : undefined;
      const scanned = await scanOf(open.value.snapshot, run, open.value.settings, at, true);
      if (!scanned.ok) return scanned;
      const { dataDir: _dir, ...result } = scanned.value;
      // Findings across runs are of the whole runs: not shown as of an earlier event.
      const across = at === undefined ? (fleet.get(runItemKey(run, 'scan')) ?? []) : [];
      const findings = sortFindings([...result.findings, ...across]);
      const dir = open.value.snapshot.dataDirs.find((d) => d.path === run.dataDir);
      const firstAt = dir === undefined ? findings.map(() => null) : await firstTimes(sources.sourceOf(dir), run, findings);
      return ok({ ...result, findings, firstAt });
    },
    /** Every run's finding counts and the fleet's most common findings. */
    library: async (): Promise<Result<LibraryScanView>> => {
      const open = opened();
      if (!open.ok) return open;
      const { snapshot, settings } = open.value;
      const scanned = await scanLibrary(snapshot, (dir) => sources.sourceOf(dir), { table: context.table(), settings, now: new Date() }, snapshot.runs, (run) => scanOf(snapshot, run, settings));
      const nextFleet = new Map<string, ScanFinding[]>();
      for (const run of scanned.runs) {
        const across = run.findings.filter((f) => f.kind === 'failure-across-runs');
        if (across.length > 0) nextFleet.set(runItemKey(run, 'scan'), across);
      }
      fleet = nextFleet;
      return ok({
        runs: scanned.runs.map((run) => ({ dataDir: run.dataDir, runId: run.runId, counts: findingCounts(run.findings) })),
        common: commonFleetFindings(scanned.runs.flatMap((run) => run.findings)),
        diagnostics: scanned.diagnostics,
      });
    },
    /**
     * The view moved to `ref`'s position: a scan of another position of the run, still running on
     * its thread, is ended now rather than when the new position's card asks, so it does not take a
     * core from the move's fold (the page asks for the scan only once the new head is shown).
     */
    moved: (ref: RunRef) => {
      const id = runItemKey(ref, 'scan-at');
      const hit = kept.get(id);
      if (hit === undefined || hit.key.endsWith(`\n${ref.at ?? 'now'}`)) return;
      kept.delete(id);
      hit.cancel?.();
    },
    /** Forget kept scans (a new price table, another folder). */
    clear: () => {
      kept.clear();
      fleet = new Map();
    },
    close: () => sources.dispose(),
  };
}
