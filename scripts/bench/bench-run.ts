/**
 * One complete benchmark run: generates its data in a fresh OS temp dir (removed at the
 * end), measures fold throughput, derived views, run listing and fold memory, and returns
 * a plain JSON-able report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLargeRun } from '../generate-fixtures';
import { measureDerived, readRunEvents, type DerivedRates } from './derived-views';
import { measureExportInChild, type ExportTiming } from './export-timing';
import { measureOtlpExportInChild, type OtlpExportTiming } from './otlp-export';
import { measureFoldMemoryInChild, type FoldMemory } from './fold-memory';
import { compareFold, type FoldComparison } from './fold-throughput';
import { measureListing, type ListingResult } from './list-runs';
import { LIVE_BENCH_DEFAULTS, LIVE_LOAD_PROFILE, measureLiveInChild, type LiveLatency } from './live-latency';
import { measureRunListTree, type RunListTreeTiming } from './run-list-tree';
import { writeRunLibrary, type RunLibraryMix } from './run-library';
import { timed } from './timing';

/** Sizes and repetitions of a run. */
export type BenchOptions = {
  events: number;
  runs: number;
  /** Interleaved baseline/product rounds of the fold comparison. */
  foldRounds: number;
  /** Repetitions of the derived views, loadLibrary and listRuns. */
  rounds: number;
  /** Repetitions of the integrity checks (they hash every event). */
  integrityRounds: number;
  /** Memory sample interval, in events. */
  sampleEvery: number;
  /** Skip the child-process memory probe (it costs one more full fold). */
  skipMemory?: boolean;
  /** Skip the OTLP export child. */
  skipOtlp?: boolean;
  /** Runs in the library view's tree bench (2,000 when left out, as in the smoke test). */
  treeRuns?: number;
  /** Live observer bench: idle window (default 10 s in `npm run bench`; 1 s when left out, as in the smoke test). */
  liveIdleMs?: number;
};

/** The defaults `npm run bench` uses. */
export const DEFAULT_BENCH_OPTIONS: BenchOptions = { events: 200_000, runs: 1_000, foldRounds: 5, rounds: 5, integrityRounds: 3, sampleEvery: 1_000, liveIdleMs: LIVE_BENCH_DEFAULTS.idleMs, treeRuns: 20_000 };

/** Everything one run measured (times in ms, memory in bytes). */
export type BenchReport = {
  generatedAt: string;
  environment: { node: string; platform: string; cpus: number; cpuModel: string };
  options: BenchOptions;
  setup: { largeRunMs: number; libraryMs: number; library: RunLibraryMix };
  fold: Omit<FoldComparison, 'finalState'> & { events: number; targetRatio: number; meetsTarget: boolean };
  derived: Omit<DerivedRates, 'materializedState'>;
  listing: ListingResult;
  /** The library view's tree, sort, filters and facets over a synthetic run list. */
  runListTree: RunListTreeTiming;
  memory: FoldMemory | null;
  /** Live observer: commit-to-subscriber latency and idle CPU, in a child process. */
  live: LiveLatency;
  /** The same under load (5,000 events/s over 20 runs); measured by `npm run bench` only (null in the smoke test). */
  liveLoad: LiveLatency | null;
  /** Report export (HTML and JSON) of the large run, in a child process. */
  export: ExportTiming;
  /** OTLP export of the large run to a loopback sink, in a child process (null with `skipOtlp`). */
  otlp: OtlpExportTiming | null;
};

/** The report plus the folded states, for callers that compare them (the unit test). */
export type BenchOutcome = { report: BenchReport; productState: FoldComparison['finalState']; materializedState: DerivedRates['materializedState'] };

/** Target of the product/baseline fold throughput ratio. */
export const TARGET_RATIO = 0.8;

/** Run every benchmark with `options` in a temp dir that is always removed afterwards. */
export function runBench(options: BenchOptions = DEFAULT_BENCH_OPTIONS, log: (line: string) => void = () => undefined): BenchOutcome {
  const root = mkdtempSync(join(tmpdir(), 'little-inspector-bench-'));
  try {
    const largeDir = join(root, 'large', '.little-workflow');
    log(`generating a ${options.events.toLocaleString('en-US')}-event run in ${root}`);
    const large = timed(() => writeLargeRun(largeDir, { events: options.events }));
    const runId = large.value;
    const libraryRoot = join(root, 'library');
    const libraryDir = join(libraryRoot, '.little-workflow');
    log(`generating a ${options.runs.toLocaleString('en-US')}-run data dir`);
    const library = timed(() => writeRunLibrary(libraryDir, options.runs));

    log(`fold: ${options.foldRounds} interleaved rounds`);
    const { finalState, ...fold } = compareFold(largeDir, runId, options.foldRounds);
    log('derived views');
    const events = readRunEvents(largeDir, runId);
    const { materializedState, ...derived } = measureDerived(runId, events, options.rounds, options.integrityRounds);
    events.length = 0;
    log('run list');
    const listing = measureListing(libraryRoot, libraryDir, options.rounds);
    log('library view tree');
    const runListTree = measureRunListTree(options.treeRuns ?? 2_000, options.rounds);
    log('memory (child process)');
    const memory = options.skipMemory ? null : measureFoldMemoryInChild(largeDir, runId, options.sampleEvery);
    log('report export (child process)');
    const exportTiming = measureExportInChild(largeDir, runId);
    const otlp = options.skipOtlp ? null : (log('OTLP export (child process)'), measureOtlpExportInChild(largeDir, runId));

    log('live observer latency and idle CPU (child process)');
    const live = measureLiveInChild(
      options.liveIdleMs === undefined ? { ...LIVE_BENCH_DEFAULTS, durationMs: 1_000, idleMs: 1_000 } : { ...LIVE_BENCH_DEFAULTS, idleMs: options.liveIdleMs },
    );
    // Only the full bench (which sets liveIdleMs) pays for the load profile's extra child.
    const liveLoad = options.liveIdleMs === undefined ? null : (log('live observer under load (child process)'), measureLiveInChild(LIVE_LOAD_PROFILE));

    const cpu = cpus();
    const report: BenchReport = {
      generatedAt: new Date().toISOString(),
      environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpu.length, cpuModel: cpu[0]?.model ?? 'unknown' },
      options,
      setup: { largeRunMs: large.ms, libraryMs: library.ms, library: library.value },
      fold: { ...fold, events: finalState.eventCount, targetRatio: TARGET_RATIO, meetsTarget: fold.ratio >= TARGET_RATIO },
      derived,
      listing,
      runListTree,
      memory,
      live,
      liveLoad,
      export: exportTiming,
      otlp,
    };
    return { report, productState: finalState, materializedState };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
