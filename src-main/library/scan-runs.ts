/**
 * The behavioural scan over a run's source (`scan`, `run.scan`, `library.scan`): the rows of the
 * types the scan reads (SCAN_PAYLOAD_NEEDS) through `RunScan`, with every row's time apart, where
 * the source can leave the other rows in its store (`scanRead`); else the log streamed a row at a
 * time with only the payloads the scan reads. Then — only for a run whose stream showed a resume boundary — the log
 * read once more into one array for the resume audit (the one consumer that needs random
 * access: docs/READ-PATH.md). Fleet mode scans every run of a library and adds the findings
 * that only show across runs (shared/scan/fleet-findings.ts).
 */
import { auditResumes, type ResumeAudit } from '../../shared/compare/resume-audit';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../shared/library';
import { addFleetFindings } from '../../shared/scan/fleet-findings';
import { RunScan, SCAN_PAYLOAD_NEEDS, type RunScanOptions } from '../../shared/scan/run-scan';
import type { RunScanResult } from '../../shared/scan/scan-types';
import { TIME_WIDTH } from '../sources/little-workflow/scan-rows';
import type { RunSource } from '../sources/run-source';

/** One run's scan, with the data dir it is in. */
export type ScannedRun = RunScanResult & { dataDir: string };

/**
 * Scan one run of `source`, up to event `upTo` when given (the run as of #N in time travel); a
 * log with no readable event is `run-not-found` (or its read error).
 */
export async function scanRunLog(source: RunSource, dataDir: string, runId: string, options: RunScanOptions, upTo = Number.POSITIVE_INFINITY): Promise<Result<ScannedRun>> {
  const read = (await scanFromStore(source, dataDir, runId, options, upTo)) ?? (await scanStreamed(source, dataDir, runId, options, upTo));
  if (!read.ok) return read;
  const { scan, last } = read.value;
  const audit = scan.needsResumeAudit ? await readAudit(source, dataDir, runId, last) : null;
  return ok({ ...scan.result(audit), dataDir });
}

type ScanRead = Result<{ scan: RunScan; last: number }>;

/** The scan through the source's own read (`scanRead`); null when it has none or cannot read this log so (then stream it). */
async function scanFromStore(source: RunSource, dataDir: string, runId: string, options: RunScanOptions, upTo: number): Promise<ScanRead | null> {
  if (source.scanRead === undefined) return null;
  const scan = new RunScan(runId, options);
  scan.takeTimesApart();
  let last = 0;
  for await (const item of source.scanRead(dataDir, runId, upTo, SCAN_PAYLOAD_NEEDS.types ?? [])) {
    if ('fallback' in item) return null;
    if ('times' in item) {
      last = item.through;
      for (let i = 0; i < last; i += 1) scan.time(i + 1, item.times.slice(i * TIME_WIDTH, (i + 1) * TIME_WIDTH));
    } else if ('rows' in item) {
      for (const row of item.rows) scan.add(row);
    } else break; // a failed read: what was read is scanned, as when streamed
  }
  // Nothing read (the read failed before the first row): the streamed read says why.
  return last === 0 ? null : ok({ scan, last });
}

/** The scan over the log streamed row by row. */
async function scanStreamed(source: RunSource, dataDir: string, runId: string, options: RunScanOptions, upTo: number): Promise<ScanRead> {
  const scan = new RunScan(runId, options);
  let last = 0;
  let failure: Diagnostic | null = null;
  // Undecodable rows are the integrity check's to report; the scan reads past them.
  for await (const read of source.streamLog(dataDir, runId, 0, SCAN_PAYLOAD_NEEDS)) {
    if (read.ok && read.event.sequence > upTo) break;
    if (read.ok) {
      scan.add(read.event);
      last = read.event.sequence;
    } else failure ??= read.diagnostic;
  }
  if (last === 0) return fail(failure ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId }));
  return ok({ scan, last });
}

async function readAudit(source: RunSource, dataDir: string, runId: string, last: number): Promise<ResumeAudit | null> {
  const events: EventEnvelope[] = [];
  // Up to the last event scanned: rows a live writer committed since were not scanned.
  for await (const read of source.streamLog(dataDir, runId)) if (read.ok && read.event.sequence <= last) events.push(read.event);
  try {
    return auditResumes(runId, events);
  } catch {
    return null; // a log the audit cannot fold has no plan to audit against (`compare` says why)
  }
}

/** Every run of a library scanned, fleet findings added; runs that cannot be read come back as diagnostics. */
export type LibraryScan = { runs: ScannedRun[]; diagnostics: Diagnostic[] };

/** Scan `runs` (default: every run of the snapshot) in list order. */
export async function scanLibrary(
  snapshot: Pick<LibrarySnapshot, 'runs' | 'dataDirs'>,
  sourceOf: (dir: DataDirInfo) => RunSource,
  options: RunScanOptions,
  runs: readonly RunSummary[] = snapshot.runs,
  scanned: (run: RunSummary) => Promise<Result<ScannedRun>> | null = () => null,
): Promise<LibraryScan> {
  const out: LibraryScan = { runs: [], diagnostics: [] };
  const dirs = new Map(snapshot.dataDirs.map((dir) => [dir.path, dir]));
  for (const run of runs) {
    const dir = dirs.get(run.dataDir);
    if (dir === undefined) continue;
    const result = await (scanned(run) ?? scanRunLog(sourceOf(dir), run.dataDir, run.runId, options));
    // A copy: fleet findings are added to it, never to a scan a caller keeps.
    if (result.ok) out.runs.push({ ...result.value, findings: [...result.value.findings] });
    else out.diagnostics.push({ ...result.error, runId: run.runId });
  }
  addFleetFindings(out.runs);
  return out;
}
