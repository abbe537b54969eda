/**
 * `npm run bench`: fold throughput against a bare SQLite loop, run-list time of a 1,000-run
 * data dir and fold memory, all measured in this one run (ratios, not absolute thresholds:
 * the machine is shared and noisy). Data goes to an OS temp dir that is removed at the end;
 * the report is printed and written to `reports/bench.json`.
 *
 * Then the run view in Chromium (browser mode, built UI): first paint, first event rows,
 * scroll frame times, DOM rows, renderer heap (`reports/bench-ui.json`).
 *
 * Then the app as a new user opens a run: a just-started `serve`, a fresh page on the run's deep
 * link, for the 200,000-event run (cold and cached) and a 1,000,000-event run
 * (`reports/bench-app.json`, e2e/perf/app-bench.ts).
 *
 * Options: `--events=N --runs=N --rounds=N --fold-rounds=N --tree-runs=N --no-memory --no-ui --no-otlp`;
 * `--only=otlp` runs just the OTLP export of the large run (`reports/bench-otlp.json`);
 * `--only=app` just the app part (`--big-events=N` sizes its big run, 0 skips it; `--app-rounds=N`
 * repeats the 200k opens, 3 by default, and reports each figure's median);
 * `--only=bundle` the shared bundle of the large run: build time, file size, open time (`reports/bench-bundle.json`);
 * `--only=scan` the behaviour scan of the large run against its cold folds (`reports/bench-scan.json`);
 * `--only=report` the CLI report against a bare SELECT + JSON.parse, whole child processes
 * (cold, checkpoint cached, --no-cache; `reports/bench-report-cli.json`); `--only=time-travel`
 * random moves of the large run with fold checkpoints (`reports/bench-time-travel.json`);
 * `--only=server-open` the server's page and call p95 while it opens two live 500 MB data dirs
 * (`--server-mb=N` another size; `reports/bench-server-open.json`; needs `npx electron-vite build`);
 * `--only=check` `check` and the app's findings of a `--big-events=N` run (default 1M): peak RSS, time / floor
 * (`reports/bench-check.json`; needs the built CLI);
 * `--only=live-commit` a `tail` beside a live writer at 132 MB, 500 MB and 1 GB: commit-to-print
 * and peak temp bytes against a bare in-place reader (`reports/bench-live-commit.json`;
 * `--live-commits=N`, `--live-sizes=132,500`, `--live-cli=<main.ts or cli.js>` to measure another tree);
 * `--only=fleet-search` the fleet index: build and warm search against a bare scan of every payload,
 * commit-to-searchable in the app, the run list of 100,000 runs and its library answer, discovery and
 * open of a tree of session folders (`reports/bench-fleet-search.json`; `--fleet-runs=N`, 10,000
 * by default; `--fleet-sessions=N`, 10,000 by default, 0 skips it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BENCH_OPTIONS, runBench, type BenchOptions } from './bench/bench-run';
import { formatReport } from './bench/report-table';
import { formatOtlpTiming, measureOtlpExportInChild } from './bench/otlp-export';
import { formatBundleTiming, measureBundle } from './bench/bundle-export';
import { writeLargeRun } from './generate-fixtures';
import { formatCliReport, measureCliReport } from './bench/cli-report';
import { formatTimeTravel, measureTimeTravel } from './bench/time-travel';
import { formatLiveCommit, measureLiveCommit } from './bench/live-commit';
import { formatServerOpen, measureServerOpen } from './bench/server-open';
import { formatCheckMemory, measureCheckMemory } from './bench/check-memory';
import { formatScanTiming, measureScan } from './bench/scan-run';
import { formatFleetSearch, measureFleetSearch } from './bench/fleet-search';

/** Parse the command-line overrides of {@link DEFAULT_BENCH_OPTIONS}. */
type CliOptions = BenchOptions & { skipUi?: boolean; only?: 'otlp' | 'app' | 'bundle' | 'report' | 'time-travel' | 'live-commit' | 'scan' | 'server-open' | 'fleet-search' | 'check'; bigEvents: number; fleetRuns: number; fleetSessions: number; appRounds: number; live: LiveOptions; serverMb?: number };
type LiveOptions = { commits?: number; sizes?: number[]; cli?: string };

function parseBenchArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { ...DEFAULT_BENCH_OPTIONS, bigEvents: 1_000_000, appRounds: 3, fleetRuns: 10_000, fleetSessions: 10_000, live: {} };
  const numeric: Record<string, keyof BenchOptions> = { events: 'events', runs: 'runs', rounds: 'rounds', 'fold-rounds': 'foldRounds', 'integrity-rounds': 'integrityRounds', 'sample-every': 'sampleEvery', 'tree-runs': 'treeRuns' };
  for (const arg of argv) {
    if (arg === '--no-ui') {
      options.skipUi = true;
      continue;
    }
    const live = /^--live-(commits|sizes|cli)=(.+)$/.exec(arg);
    if (live) {
      if (live[1] === 'commits') options.live.commits = Number(live[2]);
      else if (live[1] === 'sizes') options.live.sizes = live[2].split(',').map(Number);
      else options.live.cli = live[2];
      continue;
    }
    if (['--only=otlp', '--only=app', '--only=bundle', '--only=report', '--only=time-travel', '--only=live-commit', '--only=scan', '--only=server-open', '--only=fleet-search', '--only=check'].includes(arg)) {
      options.only = arg.slice('--only='.length) as CliOptions['only'];
      continue;
    }
    const serverMb = /^--server-mb=([1-9]\d*)$/.exec(arg);
    if (serverMb) {
      options.serverMb = Number(serverMb[1]);
      continue;
    }
    const fleetRuns = /^--fleet-runs=([1-9][\d_]*)$/.exec(arg);
    if (fleetRuns) {
      options.fleetRuns = Number(fleetRuns[1].replaceAll('_', ''));
      continue;
    }
    const fleetSessions = /^--fleet-sessions=(\d[\d_]*)$/.exec(arg);
    if (fleetSessions) {
      options.fleetSessions = Number(fleetSessions[1].replaceAll('_', ''));
      continue;
    }
    const appRounds = /^--app-rounds=([1-9]\d*)$/.exec(arg);
    if (appRounds) {
      options.appRounds = Number(appRounds[1]);
      continue;
    }
    const big = /^--big-events=(\d[\d_]*)$/.exec(arg);
    if (big) {
      options.bigEvents = Number(big[1].replaceAll('_', ''));
      continue;
    }
    if (arg === '--no-otlp') {
      options.skipOtlp = true;
      continue;
    }
    if (arg === '--no-memory') {
      options.skipMemory = true;
      continue;
    }
    const match = /^--([a-z-]+)=(\d[\d_]*)$/.exec(arg);
    const key = match === null ? undefined : numeric[match[1]];
    if (match === null || key === undefined) throw new Error(`unknown argument ${arg}`);
    (options as unknown as Record<string, number | boolean | undefined>)[key] = Number(match[2].replaceAll('_', ''));
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.only === 'otlp') return benchOtlpOnly(options.events);
  if (options.only === 'report' || options.only === 'time-travel' || options.only === 'scan') return benchOnLargeRun(options.only, options.events);
  if (options.only === 'app') return benchApp(options);
  if (options.only === 'bundle') return benchBundleOnly(options.events);
  if (options.only === 'live-commit') return benchLiveCommit(options.live);
  if (options.only === 'server-open') return benchServerOpen(options.serverMb);
  if (options.only === 'fleet-search') return benchFleetSearch(options.fleetRuns, options.fleetSessions);
  if (options.only === 'check') return benchCheck(options.bigEvents);
  const { report } = runBench(options, (line) => console.error(`[bench] ${line}`));
  console.log(formatReport(report));
  writeReport('bench', report, false);
  await benchLiveCommit(options.live);
  await benchServerOpen();
  await benchFleetSearch(options.fleetRuns, options.fleetSessions);
  await benchUi(options);
}

/** The server's answers while it opens two big live data dirs (scripts/bench/server-open.ts). */
async function benchServerOpen(sizeMb?: number): Promise<void> {
  const report = await measureServerOpen(sizeMb === undefined ? {} : { sizeMb }, (line) => console.error(`[bench] ${line}`));
  console.log(formatServerOpen(report).join('\n'));
  writeReport('bench-server-open', report);
}

/** `check` and the app's findings of a big run: peak RSS and time against the floor (scripts/bench/check-memory.ts). */
async function benchCheck(events: number): Promise<void> {
  await onLargeRun('check', events, async (dir, runId) => {
    const report = measureCheckMemory(dir, runId, events);
    console.log(formatCheckMemory(report).join('\n'));
    writeReport('bench-check', report);
  });
}

/** The fleet index and search, and the run list of 100,000 runs (scripts/bench/fleet-search.ts). */
async function benchFleetSearch(runs: number, sessions: number): Promise<void> {
  const timing = await measureFleetSearch(runs, (line) => console.error(`[bench] ${line}`), sessions);
  console.log(formatFleetSearch(timing).join('\n'));
  writeReport('bench-fleet-search', timing);
}

/** A `tail` beside a live writer at three database sizes (scripts/bench/live-commit.ts). */
async function benchLiveCommit(live: LiveOptions): Promise<void> {
  const report = await measureLiveCommit(live, (line) => console.error(`[bench] ${line}`));
  console.log(formatLiveCommit(report).join('\n'));
  writeReport('bench-live-commit', report);
}

/** Only the OTLP part: a fresh large run in a temp dir, exported in a child process. */
async function benchOtlpOnly(events: number): Promise<void> {
  await onLargeRun('otlp', events, async (dir, runId) => {
    console.error('[bench] OTLP export (child process)');
    const timing = measureOtlpExportInChild(dir, runId);
    console.log(formatOtlpTiming(timing).join('\n'));
    writeReport('bench-otlp', timing);
  });
}

/**
 * Only the CLI report (a whole child process against a bare SELECT + JSON.parse, cold, with a
 * checkpoint cached and with --no-cache) or only time travel (random N with checkpoints), on a
 * fresh large run in a temp dir (`reports/bench-report-cli.json`, `reports/bench-time-travel.json`).
 */
async function benchOnLargeRun(only: 'report' | 'time-travel' | 'scan', events: number): Promise<void> {
  await onLargeRun(only, events, async (dir, runId) => {
    let result: object;
    if (only === 'report') {
      console.error('[bench] CLI report (child processes)');
      const timing = measureCliReport(dir, runId);
      console.log(formatCliReport(events, timing).join('\n'));
      result = timing;
    } else if (only === 'scan') {
      console.error('[bench] behaviour scan against the cold folds');
      const timing = await measureScan(dir, runId);
      console.log(formatScanTiming(timing).join('\n'));
      result = timing;
    } else {
      console.error('[bench] time travel');
      const timing = await measureTimeTravel(dir, runId, events);
      console.log(formatTimeTravel(timing).join('\n'));
      result = timing;
    }
    writeReport(`bench-${only === 'report' ? 'report-cli' : only}`, { events, ...result });
  });
}

/** Only the bundle part: a fresh large run in a temp dir, bundled in this process, opened in Chromium when there is one. */
async function benchBundleOnly(events: number): Promise<void> {
  await onLargeRun('bundle-run', events, async (dir, runId) => {
    const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const timing = await measureBundle(dir, runId, events, existsSync(chromiumPath) ? chromiumPath : null);
    console.log(formatBundleTiming(timing).join('\n'));
    writeReport('bench-bundle', timing);
  });
}

/** The run view in Chromium, when the UI is built and a Chromium is installed. */
async function benchUi(options: { events: number; bigEvents: number; appRounds: number; skipUi?: boolean }): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (options.skipUi) return;
  if (!existsSync(`${root}out/main/cli.js`) || !existsSync(chromiumPath)) {
    console.log('\nRun view in Chromium: skipped (run "npm run build" and install Chromium to measure it)');
    return;
  }
  const { measureRunViewPerf } = await import('../e2e/perf/run-view-perf');
  const metrics = await measureRunViewPerf({ events: options.events, log: (line) => console.error(`[bench-ui] ${line}`) });
  console.log(`\nRun view of a ${options.events.toLocaleString('en-US')}-event run in Chromium (browser mode)`);
  for (const [key, value] of Object.entries(metrics)) console.log(`  ${key.padEnd(28)} ${Number.isInteger(value) ? value : value.toFixed(1)}`);
  benchLiveUi(root);
  await benchApp(options);
}

/** A run opened from a fresh server and page: overview time, lists, RSS (needs the built UI and Chromium). */
async function benchApp(options: { events: number; bigEvents: number; appRounds: number }): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!existsSync(`${root}out/main/cli.js`) || !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.log('\nApp bench: skipped (run "npm run build" and install Chromium to measure it)');
    return;
  }
  const { runAppBench, formatAppBench } = await import('../e2e/perf/app-bench');
  const report = await runAppBench({ events: options.events, bigEvents: options.bigEvents, rounds: options.appRounds, log: (line) => console.error(`[bench-app] ${line}`) });
  console.log(`\n${formatAppBench(report).join('\n')}`);
  writeReport('bench-app', report);
}

/** Commit-to-screen latency: the live e2e spec drives a real writer and a Chromium page and writes its samples. */
function benchLiveUi(root: string): void {
  console.error('[bench] live commit -> screen in Chromium (e2e/live.spec.ts)');
  const run = spawnSync(join(root, 'node_modules', '.bin', 'playwright'), ['test', 'e2e/live.spec.ts', '--reporter=line'], { cwd: root, encoding: 'utf8' });
  const file = join(root, 'reports', 'bench-live-ui.json');
  if (run.status !== 0 || !existsSync(file)) {
    console.log(`\nLive commit -> screen: not measured (the live spec failed: exit ${run.status})`);
    return;
  }
  const result = JSON.parse(readFileSync(file, 'utf8')) as { commitToScreenMs: { n: number; p50: number; p95: number; max: number }; targetP95Ms: number };
  const { n, p50, p95, max } = result.commitToScreenMs;
  console.log(`\nLive commit -> screen in Chromium (run list count, ${n} commits)`);
  console.log(`  p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms (target p95 < ${result.targetP95Ms} ms)`);
}

/** Run `measure` on a fresh large run of `events` events in a temp dir (`name` in its name), removed after. */
async function onLargeRun(name: string, events: number, measure: (dir: string, runId: string) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), `little-inspector-bench-${name}-`));
  try {
    const dir = join(root, 'large', '.little-workflow');
    console.error(`[bench] generating a ${events.toLocaleString('en-US')}-event run in ${root}`);
    await measure(dir, writeLargeRun(dir, { events }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Write `reports/<name>.json`: when and on which Node (unless `stamped` is false), then `result`. */
function writeReport(name: string, result: object, stamped = true): void {
  const out = fileURLToPath(new URL(`../reports/${name}.json`, import.meta.url));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(stamped ? { generatedAt: new Date().toISOString(), node: process.version, ...result } : result, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
}

void main();
