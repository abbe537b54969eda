/**
 * The behavioural scan of one big run against its cold fold, in this one process, interleaved
 * rounds (the same machine noise for every variant), each figure also as a ratio to the floor
 * (a bare SELECT + JSON.parse of the same rows, in place). The cold folds: the run view's
 * (`detail` mode, every payload, the harness view) and `report`'s (`fold` mode, sparse read),
 * neither from a checkpoint. The scan: scanRunLog through the run's source, as `scan` and
 * `run.scan` read it (only the payloads it reads; a resume audit only when a boundary shows).
 * Goal: scan <= 0.5x the cold detail fold. Each figure also in CPU time (user + system of this
 * process), which a machine shared with other work inflates less than wall time.
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
  /** The same medians in CPU ms, and the scan's ratio to the cold detail fold in CPU. */
  cpu: { floorMs: number; detailFoldMs: number; reportFoldMs: number; scanMs: number; scanToDetailFold: number };
  goal: { scanToDetailFold: 0.5 };
};

type Took = { ms: number; cpuMs: number };

/** Wall and CPU time of `run`, and what it answered. */
async function took<T>(run: () => T | Promise<T>): Promise<Took & { value: T }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}

function coldFold(dataDir: string, runId: string, mode: 'detail' | 'fold'): Promise<Took> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  return took(() => foldLog({ reader: reader.value, runId, table: BUNDLED_PRICE_TABLE, mode, checkpoints: null })).finally(() => reader.value.close());
}

/** Measure `rounds` interleaved rounds on run `runId` of `dataDir`. */
export async function measureScan(dataDir: string, runId: string, rounds = 3): Promise<ScanTiming> {
  const sources = createSourceRegistry();
  const source = sources.sourceOf({ format: 'sqlite' });
  const runs = { floor: [] as Took[], detail: [] as Took[], report: [] as Took[], scan: [] as Took[] };
  let events = 0;
  let findings = 0;
  try {
    baselineScan(dataDir, runId); // warm the page cache for every variant alike
    for (let round = 0; round < rounds; round += 1) {
      const floor = await took(() => baselineScan(dataDir, runId));
      runs.floor.push(floor);
      events = floor.value.events;
      runs.detail.push(await coldFold(dataDir, runId, 'detail'));
      runs.report.push(await coldFold(dataDir, runId, 'fold'));
      const scan = await took(() => scanRunLog(source, dataDir, runId, { table: BUNDLED_PRICE_TABLE, now: new Date() }));
      runs.scan.push(scan);
      if (!scan.value.ok) throw new Error(scan.value.error.message);
      findings = scan.value.value.findings.length;
    }
  } finally {
    sources.dispose();
  }
  const wall = (took: Took[]) => median(took.map((t) => t.ms));
  const cpu = (took: Took[]) => median(took.map((t) => t.cpuMs));
  const { floor: floorMs, detail: detailFoldMs, report: reportFoldMs, scan: scanMs } = mediansOf(runs, wall);
  return {
    rounds,
    events,
    findings,
    floorMs,
    detailFoldMs,
    reportFoldMs,
    scanMs,
    ratio: { scanToDetailFold: scanMs / detailFoldMs, scanToReportFold: scanMs / reportFoldMs, scanToFloor: scanMs / floorMs, detailFoldToFloor: detailFoldMs / floorMs },
    cpu: { floorMs: cpu(runs.floor), detailFoldMs: cpu(runs.detail), reportFoldMs: cpu(runs.report), scanMs: cpu(runs.scan), scanToDetailFold: cpu(runs.scan) / cpu(runs.detail) },
    goal: { scanToDetailFold: 0.5 },
  };
}

/** The lines `npm run bench -- --only=scan` prints. */
export function formatScanTiming(t: ScanTiming): string[] {
  const row = (name: string, ms: number, cpuMs: number) =>
    `  ${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / t.floorMs).toFixed(2)}x the floor   cpu ${cpuMs.toFixed(0).padStart(6)} ms   ${(cpuMs / t.cpu.floorMs).toFixed(2)}x`;
  return [
    `Behaviour scan of a ${t.events.toLocaleString('en-US')}-event run, in process (median of ${t.rounds} interleaved rounds; ${t.findings} findings)`,
    row('floor: bare SELECT + JSON.parse', t.floorMs, t.cpu.floorMs),
    row('cold fold, run view (detail)', t.detailFoldMs, t.cpu.detailFoldMs),
    row('cold fold, report (fold, sparse)', t.reportFoldMs, t.cpu.reportFoldMs),
    row('scan', t.scanMs, t.cpu.scanMs),
    `  scan / cold detail fold ${t.ratio.scanToDetailFold.toFixed(2)}x wall, ${t.cpu.scanToDetailFold.toFixed(2)}x cpu (goal <= ${t.goal.scanToDetailFold}x); scan / cold report fold ${t.ratio.scanToReportFold.toFixed(2)}x`,
  ];
}
