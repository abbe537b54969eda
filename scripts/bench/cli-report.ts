/**
 * `little-inspector report` of one big run as a whole child process (the built CLI: startup,
 * open, read, fold, print) against a bare SELECT + JSON.parse of the same rows, also a whole
 * child process. The report runs cold (a fresh cache folder), warm (the checkpoint its cold run
 * left) and with --no-cache. Rounds are interleaved so every variant sees the same machine
 * noise; wall time and the child's own CPU time are both reported (on a shared machine the wall
 * time mostly measures the neighbours). Ratio = baseline time / report time (>= 1: the report
 * reads at least as fast as the bare loop).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { median, mediansOf } from './timing';

/** One child process: wall ms, its CPU ms, its peak RSS in MB. */
export type ChildRun = { ms: number; cpuMs: number; maxRssMb: number };

/** Medians per variant and the ratios against the baseline. */
export type CliReportTiming = {
  rounds: number;
  baseline: ChildRun;
  cold: ChildRun;
  warm: ChildRun;
  noCache: ChildRun;
  /** baseline / report, on wall time and on CPU time. */
  ratio: { cold: number; warm: number; noCache: number; coldCpu: number; warmCpu: number; noCacheCpu: number };
  goals: { ratio: 1; stretch: 1.5; maxRssMb: 200 };
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./child-usage-preload.cjs', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-select-child.cjs', import.meta.url));
const CLI = join(ROOT, 'out', 'main', 'cli.js');

/** Whether the built CLI exists (`npm run build`). */
export function cliBuilt(): boolean {
  return existsSync(CLI);
}

function runChild(args: string[]): ChildRun {
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--require', PRELOAD, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`${args.join(' ')} exited with ${child.status}: ${child.stderr}`);
  const marker = /@@usage (\{.*\})/.exec(child.stderr);
  if (marker === null) throw new Error(`no usage line from ${args.join(' ')}`);
  const usage = JSON.parse(marker[1]) as { maxRssKb: number; cpuMs: number };
  return { ms, cpuMs: usage.cpuMs, maxRssMb: usage.maxRssKb / 1024 };
}

/**
 * The bare SELECT + JSON.parse of run `runId`'s rows, a whole child process: the floor any reader
 * pays, and the app bench's measure of how fast the machine is in that run.
 */
export function bareSelectRun(dataDir: string, runId: string): ChildRun {
  return runChild([BARE, dataDir, runId]);
}

const med = (runs: ChildRun[]): ChildRun => ({ ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)), maxRssMb: median(runs.map((r) => r.maxRssMb)) });

/** Measure `rounds` interleaved rounds on the run `runId` of the data dir `dataDir`. */
export function measureCliReport(dataDir: string, runId: string, rounds = 3): CliReportTiming {
  if (!cliBuilt()) throw new Error(`the CLI is not built (${CLI}); run "npm run build"`);
  const report = (...extra: string[]) => [CLI, 'report', runId, '--data-dir', dataDir, ...extra];
  const caches: string[] = [];
  const runs = { baseline: [] as ChildRun[], cold: [] as ChildRun[], warm: [] as ChildRun[], noCache: [] as ChildRun[] };
  try {
    // Warm-up: the OS page cache holds the database for every variant alike.
    bareSelectRun(dataDir, runId);
    for (let round = 0; round < rounds; round += 1) {
      const cache = mkdtempSync(join(tmpdir(), 'li-bench-cache-'));
      caches.push(cache);
      runs.baseline.push(bareSelectRun(dataDir, runId));
      runs.cold.push(runChild(report('--cache-dir', cache)));
      runs.warm.push(runChild(report('--cache-dir', cache)));
      runs.noCache.push(runChild(report('--no-cache')));
    }
  } finally {
    for (const cache of caches) rmSync(cache, { recursive: true, force: true });
  }
  const { baseline, cold, warm, noCache } = mediansOf(runs, med);
  return {
    rounds,
    baseline,
    cold,
    warm,
    noCache,
    ratio: {
      cold: baseline.ms / cold.ms,
      warm: baseline.ms / warm.ms,
      noCache: baseline.ms / noCache.ms,
      coldCpu: baseline.cpuMs / cold.cpuMs,
      warmCpu: baseline.cpuMs / warm.cpuMs,
      noCacheCpu: baseline.cpuMs / noCache.cpuMs,
    },
    goals: { ratio: 1, stretch: 1.5, maxRssMb: 200 },
  };
}

/** The lines `npm run bench -- --only=report` prints. */
export function formatCliReport(events: number, t: CliReportTiming): string[] {
  const row = (name: string, r: ChildRun, ratio?: number, ratioCpu?: number) =>
    `  ${name.padEnd(24)} ${r.ms.toFixed(0).padStart(6)} ms wall ${r.cpuMs.toFixed(0).padStart(6)} ms cpu ${r.maxRssMb.toFixed(0).padStart(5)} MB peak RSS` +
    (ratio === undefined ? '' : `   ratio ${ratio.toFixed(2)}x wall, ${ratioCpu!.toFixed(2)}x cpu`);
  return [
    `CLI report of a ${events.toLocaleString('en-US')}-event run, whole child processes (median of ${t.rounds} interleaved rounds)`,
    row('bare SELECT + JSON.parse', t.baseline),
    row('report, cold cache', t.cold, t.ratio.cold, t.ratio.coldCpu),
    row('report, checkpoint cached', t.warm, t.ratio.warm, t.ratio.warmCpu),
    row('report --no-cache', t.noCache, t.ratio.noCache, t.ratio.noCacheCpu),
    `  goals: ratio >= ${t.goals.ratio}x (stretch ${t.goals.stretch}x), peak RSS < ${t.goals.maxRssMb} MB`,
  ];
}
