/**
 * `npx tsx scripts/bench.ts --only=check` (issue 33's memory goal, issue 30 item 9): the
 * integrity check of one big run as the user meets it, and its peak memory.
 * - `check <run> --data-dir` of the built CLI, a whole child process (startup, read, every
 *   row hashed, findings printed): wall and CPU time and peak RSS;
 * - the app's findings (the same check, `checkRunFromDiskAsync` of the run view's Findings
 *   stage) in a fresh `node --import tsx` child: time and peak RSS;
 * - the floor, the same run: a bare SELECT + JSON.parse of its rows, in a whole child process.
 * Times are ratios to the floor; the goal is peak RSS <= 600 MB at 1M events.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bareSelectRun, cliBuilt, type ChildRun } from './cli-report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./child-usage-preload.cjs', import.meta.url));
const CLI = fileURLToPath(new URL('../../out/main/cli.js', import.meta.url));
const FINDINGS_CHILD = fileURLToPath(new URL('./findings-child.ts', import.meta.url));

export type CheckMemoryReport = {
  events: number;
  floor: ChildRun;
  check: ChildRun & { findings: number };
  findings: ChildRun & { findings: number };
  /** time / the floor's time (wall). */
  ratio: { check: number; findings: number };
  goalPeakRssMb: 600;
};

/** One whole child with the usage preload: wall ms, CPU ms, peak RSS, and its stdout. */
function measured(args: string[]): ChildRun & { stdout: string; status: number | null } {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', PRELOAD, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  const marker = /@@usage (\{.*\})/.exec(child.stderr);
  if (marker === null) throw new Error(`no usage line from ${args.join(' ')}: ${child.stderr.slice(-400)}`);
  const usage = JSON.parse(marker[1]) as { maxRssKb: number; cpuMs: number };
  return { ms, cpuMs: usage.cpuMs, maxRssMb: usage.maxRssKb / 1024, stdout: child.stdout, status: child.status };
}

/** Measure `check` and the app's findings on run `runId` of `dataDir` (`events` events). */
export function measureCheckMemory(dataDir: string, runId: string, events: number): CheckMemoryReport {
  if (!cliBuilt()) throw new Error(`the CLI is not built (${CLI}); run "npm run build"`);
  // Warm-up: the OS page cache holds the database for every variant alike.
  bareSelectRun(dataDir, runId);
  const floor = bareSelectRun(dataDir, runId);
  const cli = measured([CLI, 'check', runId, '--data-dir', dataDir, '--json']);
  // Exit 1 is "findings": still a finished check.
  if (cli.status !== 0 && cli.status !== 1) throw new Error(`check exited ${cli.status}`);
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const app = measured(['--import', loader, FINDINGS_CHILD, dataDir, runId]);
  if (app.status !== 0) throw new Error(`the findings child exited ${app.status}`);
  const ratio = (ms: number) => Math.round((ms / floor.ms) * 100) / 100;
  const strip = ({ ms, cpuMs, maxRssMb }: ChildRun) => ({ ms, cpuMs, maxRssMb });
  return {
    events,
    floor,
    check: { ...strip(cli), findings: (JSON.parse(cli.stdout) as unknown[]).length },
    findings: { ...strip(app), findings: (JSON.parse(app.stdout) as { findings: number }).findings },
    ratio: { check: ratio(cli.ms), findings: ratio(app.ms) },
    goalPeakRssMb: 600,
  };
}

/** The lines `--only=check` prints. */
export function formatCheckMemory(r: CheckMemoryReport): string[] {
  const row = (name: string, run: ChildRun, ratio?: number) =>
    `  ${name.padEnd(30)} ${run.ms.toFixed(0).padStart(7)} ms wall ${run.cpuMs.toFixed(0).padStart(7)} ms cpu ${run.maxRssMb.toFixed(0).padStart(5)} MB peak RSS` +
    (ratio === undefined ? '' : `   ${ratio.toFixed(2)}x the floor`);
  return [
    `integrity check of a ${r.events.toLocaleString('en-US')}-event run, whole child processes`,
    row('bare SELECT + JSON.parse', r.floor),
    row(`check (CLI, ${r.check.findings} findings)`, r.check, r.ratio.check),
    row(`app findings (${r.findings.findings} findings)`, r.findings, r.ratio.findings),
    `  goal: peak RSS <= ${r.goalPeakRssMb} MB at 1,000,000 events`,
  ];
}
