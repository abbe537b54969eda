/**
 * The behavioural scan of one big run against its cold fold, in this one process, interleaved
 * rounds (the same machine noise for every variant), each figure also as a ratio to the floor
 * (a bare SELECT + JSON.parse of the same rows, in place). The cold folds: the run view's
 * (`detail` mode, every payload, the harness view) and `report`'s (`fold` mode, sparse read),
 * neither from a checkpoint. The scan: scanRunLog through the run's source, as `scan` and
 * `run.scan` read it (only the payloads it reads; a resume audit only when a boundary shows).
 * Goal: scan <= 0.5x the cold detail fold.
 */
import { performance } from 'node:perf_hooks';
import { foldLog } from '../../src-main/engine/fold-log';
import { scanRunLog } from '../../src-main/library/scan-runs';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { createSourceRegistry } from '../../src-main/sources/registry';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { baselineScan } from './fold-throughput';
import { median, mediansOf } from './timing';

export type ScanTiming = {
  rounds: number;
  events: number;
  findings: number;
  /** Medians, ms. */
  floorMs: number;
  detailFoldMs: number;
  reportFoldMs: number;
  scanMs: number;
  ratio: { scanToDetailFold: number; scanToReportFold: number; scanToFloor: number; detailFoldToFloor: number };
  goal: { scanToDetailFold: 0.5 };
};

function coldFold(dataDir: string, runId: string, mode: 'detail' | 'fold'): number {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  const start = performance.now();
  try {
    foldLog({ reader: reader.value, runId, table: BUNDLED_PRICE_TABLE, mode, checkpoints: null });
    return performance.now() - start;
  } finally {
    reader.value.close();
  }
}

/** Measure `rounds` interleaved rounds on run `runId` of `dataDir`. */
export async function measureScan(dataDir: string, runId: string, rounds = 3): Promise<ScanTiming> {
  const sources = createSourceRegistry();
  const source = sources.sourceOf({ format: 'sqlite' });
  const runs = { floor: [] as number[], detail: [] as number[], report: [] as number[], scan: [] as number[] };
  let events = 0;
  let findings = 0;
  try {
    baselineScan(dataDir, runId); // warm the page cache for every variant alike
    for (let round = 0; round < rounds; round += 1) {
      const floor = baselineScan(dataDir, runId);
      runs.floor.push(floor.ms);
      events = floor.events;
      runs.detail.push(coldFold(dataDir, runId, 'detail'));
      runs.report.push(coldFold(dataDir, runId, 'fold'));
      const start = performance.now();
      const scanned = await scanRunLog(source, dataDir, runId, { table: BUNDLED_PRICE_TABLE, now: new Date() });
      runs.scan.push(performance.now() - start);
      if (!scanned.ok) throw new Error(scanned.error.message);
      findings = scanned.value.findings.length;
    }
  } finally {
    sources.dispose();
  }
  const { floor: floorMs, detail: detailFoldMs, report: reportFoldMs, scan: scanMs } = mediansOf(runs, median);
  return {
    rounds,
    events,
    findings,
    floorMs,
    detailFoldMs,
    reportFoldMs,
    scanMs,
    ratio: { scanToDetailFold: scanMs / detailFoldMs, scanToReportFold: scanMs / reportFoldMs, scanToFloor: scanMs / floorMs, detailFoldToFloor: detailFoldMs / floorMs },
    goal: { scanToDetailFold: 0.5 },
  };
}

/** The lines `npm run bench -- --only=scan` prints. */
export function formatScanTiming(t: ScanTiming): string[] {
  const row = (name: string, ms: number) => `  ${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / t.floorMs).toFixed(2)}x the floor`;
  return [
    `Behaviour scan of a ${t.events.toLocaleString('en-US')}-event run, in process (median of ${t.rounds} interleaved rounds; ${t.findings} findings)`,
    row('floor: bare SELECT + JSON.parse', t.floorMs),
    row('cold fold, run view (detail)', t.detailFoldMs),
    row('cold fold, report (fold, sparse)', t.reportFoldMs),
    row('scan', t.scanMs),
    `  scan / cold detail fold ${t.ratio.scanToDetailFold.toFixed(2)}x (goal <= ${t.goal.scanToDetailFold}x); scan / cold report fold ${t.ratio.scanToReportFold.toFixed(2)}x`,
  ];
}
