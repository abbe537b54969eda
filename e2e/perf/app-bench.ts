/**
 * The app bench (`npm run bench -- --only=app`): a run opened as a new user opens it, from a
 * just-started `serve` and a fresh Chromium page on the run's deep link (./app-open.ts).
 *
 * - the 200,000-event run cold (an empty cache folder), then cached (a fresh server on the same
 *   cache folder, once `serve` takes `--cache-dir`): time to the overview, the findings, the
 *   first and last rows of the steps and events lists, and the server's RSS with it open;
 * - the 1,000,000-event run, cold: the same figures (its lists must scroll to their ends).
 *
 * The 200k opens are repeated `rounds` times (3 by default; each round a fresh cache folder, so
 * its cold open is cold): on these shared 2-core machines one cold open varied by ±0.3 s, so
 * each figure is the median of the rounds, and the overview's range is shown beside it.
 *
 * Before each round of the 200k run the bare SELECT + JSON.parse of its rows runs as a whole
 * process (scripts/bench/cli-report.ts `bareSelectRun`): the same machine state's floor for any
 * reader, so runs on a throttled machine (that bare read took 1.0-2.2 s on the same machine on
 * different days) can be compared by the overview's multiple of it.
 *
 * Goals (issue 17): overview < 1 s cached, < 2.5 s cold; RSS < 300 MB with the 200k run open.
 * Runs are generated into an OS temp folder that is removed at the end, never committed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { largeRunVisits } from '../../scripts/fixtures/scenarios/large-run';
import { launchChromium, measureOpen, type OpenTiming } from './app-open';
import { makeLargeRunDir } from './large-run';
import { median } from '../../scripts/bench/timing';
import { bareSelectRun, cliBuilt } from '../../scripts/bench/cli-report';

/** Options: event counts of the two runs (0 skips the big one) and where progress lines go. */
export type AppBenchOptions = { events?: number; bigEvents?: number; rounds?: number; log?(line: string): void };

/** One open measured (each figure the median of its rounds, all of them kept), or why it was not. */
export type AppBenchRow = { label: string; events: number; timing: OpenTiming | null; rounds?: OpenTiming[]; note?: string; /** The bare SELECT + JSON.parse of the run's rows before each round, ms (the machine's speed then). */ bareMs?: number[] };

/** Each figure of `rounds` (one or more opens) as its median. */
export function medianTiming(rounds: readonly OpenTiming[]): OpenTiming {
  const first = rounds[0];
  if (first === undefined) throw new Error('no rounds to take the median of');
  const out = { ...first };
  for (const key of Object.keys(first) as (keyof OpenTiming)[]) out[key] = median(rounds.map((round) => round[key]));
  return out;
}

/** A row of `rounds` opens. */
function measuredRow(label: string, events: number, rounds: OpenTiming[], bareMs: number[]): AppBenchRow {
  return { label, events, timing: medianTiming(rounds), rounds, ...(bareMs.length > 0 ? { bareMs } : {}) };
}

/** What the bench found, with the goals it is held to. */
export type AppBenchReport = { rows: AppBenchRow[]; goals: { cachedOverviewMs: number; coldOverviewMs: number; rssMB: number } };

export const APP_GOALS = { cachedOverviewMs: 1000, coldOverviewMs: 2500, rssMB: 300 };

/** Whether the built CLI's `serve` takes `--cache-dir` (fold checkpoints kept between servers). */
function serveTakesCacheDir(root: string): boolean {
  const help = spawnSync(process.execPath, [join(root, 'out', 'main', 'cli.js'), 'serve', '--help'], { encoding: 'utf8' });
  return `${help.stdout}${help.stderr}`.includes('--cache-dir');
}

/** Generate the runs, open each from a fresh server and page, and report. */
export async function runAppBench(options: AppBenchOptions = {}): Promise<AppBenchReport> {
  const log = options.log ?? ((line: string) => console.error(`[bench-app] ${line}`));
  const events = options.events ?? 200_000;
  const bigEvents = options.bigEvents ?? 1_000_000;
  const rounds = Math.max(1, options.rounds ?? 3);
  const root = join(__dirname, '..', '..');
  const cacheArgs = serveTakesCacheDir(root);
  const rows: AppBenchRow[] = [];
  const browser = await launchChromium();
  try {
    // `times` rounds of a cold open (a fresh cache folder each) and, but for the big run, a cached one after it.
    const open = async (label: string, n: number, times: number) => {
      log(`generating a ${n.toLocaleString('en-US')}-event run`);
      const large = makeLargeRunDir(n);
      const cold: OpenTiming[] = [];
      const cached: OpenTiming[] = [];
      const bare: number[] = [];
      try {
        const target = { root: large.dir, runId: large.runId, lastStepPath: `work.visit[${largeRunVisits(n) - 1}]`, lastSequence: n, timeoutMs: 900_000 };
        // The machine's speed in this run: a warm-up read (the OS page cache), then one per round.
        const measureBare = label !== 'big' && cliBuilt();
        if (measureBare) bareSelectRun(large.dataDir, large.runId);
        for (let round = 1; round <= times; round += 1) {
          if (measureBare) bare.push(bareSelectRun(large.dataDir, large.runId).ms);
          const cache = mkdtempSync(join(tmpdir(), 'li-bench-cache-'));
          try {
            const serveArgs = cacheArgs ? ['--cache-dir', cache] : [];
            log(`${label}: cold open (round ${round} of ${times})`);
            cold.push(await measureOpen(browser, { ...target, serveArgs }));
            if (label === 'big' || !cacheArgs) continue;
            log(`${label}: cached open (a fresh server on the same cache folder)`);
            cached.push(await measureOpen(browser, { ...target, serveArgs }));
          } finally {
            rmSync(cache, { recursive: true, force: true });
          }
        }
      } finally {
        large.cleanup();
      }
      rows.push(measuredRow(`${label} cold`, n, cold, bare));
      if (label === 'big') return;
      rows.push(cached.length > 0 ? measuredRow(`${label} cached`, n, cached, bare) : { label: `${label} cached`, events: n, timing: null, note: 'serve takes no --cache-dir yet (fold checkpoints not on this branch)' });
    };
    await open('200k', events, rounds);
    if (bigEvents > 0) await open('big', bigEvents, 1);
  } finally {
    await browser.close();
  }
  return { rows, goals: APP_GOALS };
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** The report as lines: one block per open, each figure against its goal where it has one. */
export function formatAppBench(report: AppBenchReport): string[] {
  const lines = ['App: a run from a just-started serve and a fresh page on its deep link (browser mode)'];
  for (const row of report.rows) {
    lines.push(`  ${row.label} (${row.events.toLocaleString('en-US')} events)`);
    if (row.timing === null) {
      lines.push(`    not measured: ${row.note ?? ''}`);
      continue;
    }
    const t = row.timing;
    const goal = row.label.endsWith('cached') ? report.goals.cachedOverviewMs : row.events <= 200_000 ? report.goals.coldOverviewMs : null;
    const verdict = (value: number, limit: number | null) => (limit === null ? '' : value < limit ? `  (goal < ${ms(limit)}: met)` : `  (goal < ${ms(limit)}: MISSED)`);
    lines.push(`    run header      ${ms(t.headerMs)}`);
    const spread = row.rounds !== undefined && row.rounds.length > 1 ? `, median of ${row.rounds.length}: ${row.rounds.map((r) => ms(r.overviewMs)).join(', ')}` : '';
    lines.push(`    overview        ${ms(t.overviewMs)}${verdict(t.overviewMs, goal)}${spread}`);
    if (row.bareMs !== undefined && row.bareMs.length > 0) {
      const bare = median(row.bareMs);
      lines.push(`    machine         bare SELECT + JSON.parse of its rows ${ms(bare)} (a whole process, median of ${row.bareMs.length}): overview ${(t.overviewMs / bare).toFixed(2)}x that`);
    }
    lines.push(`    findings        ${ms(t.findingsMs)}`);
    lines.push(`    steps           first rows ${ms(t.stepsFirstRowsMs)} after opening the tab, last rows ${ms(t.stepsEndRowsMs)} after scrolling to the end`);
    lines.push(`    events          first rows ${ms(t.eventsFirstRowsMs)} after opening the tab, last rows ${ms(t.eventsEndRowsMs)} after scrolling to the end`);
    const rssGoal = row.events <= 200_000 ? ` (goal < ${report.goals.rssMB} MB: ${t.rssSettledMB < report.goals.rssMB ? 'met' : 'MISSED'})` : '';
    lines.push(`    server RSS      ${t.rssSettledMB.toFixed(0)} MB with the run open${rssGoal}, peak ${t.rssPeakMB.toFixed(0)} MB`);
  }
  return lines;
}
