/**
 * `npx tsx scripts/bench.ts --only=live-commit`: what a user meets following a big live data dir.
 * A writer child holds events.db open (so a `-wal` exists) and commits one event at a time; a
 * `little-inspector tail` process prints each one. Measured at 132 MB, 500 MB and 1 GB: the
 * commit-to-print latency (p50/p95/max, from just before the commit to the line on the tail's
 * stdout) and the peak bytes in the tail's temp folder (its own TMPDIR, sampled every 20 ms).
 *
 * The floor, measured in the same run beside the same writer: a bare reader child that, woken by
 * fs.watch like the tail, runs `SELECT … WHERE rowid > ?` in place and JSON.parses the payload.
 * Databases are generated once into `.tmp/live-commit/` (gitignored) and reused; a cleanly
 * closed copy is kept, and each measurement runs on a fresh copy of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventLog, EVENTS_DDL, WRITER_PRAGMAS, type SqlConnection } from '../fixtures/writer/event-log';
import { tsxNodeArgs } from '../fixtures/scenarios/wal';
import { startScriptWriter, type ScriptWriter } from '../../test/support/live-writer';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, '.tmp', 'live-commit');
const FLOOR = fileURLToPath(new URL('./live-commit-floor-child.cjs', import.meta.url));
const DEFAULT_CLI = join(ROOT, 'src-main', 'cli', 'main.ts');

export const LIVE_COMMIT_SIZES_MB = [132, 500, 1000] as const;

export type LatencyFigures = { p50Ms: number; p95Ms: number; maxMs: number; samples: number };
export type LiveCommitSize = {
  sizeMb: number;
  dbBytes: number;
  generatedInS: number | null;
  tail: LatencyFigures;
  floor: LatencyFigures;
  /** tail p95 / floor p95 in this run. */
  p95Ratio: number;
  peakTempBytes: number;
  peakTempShare: number;
};
export type LiveCommitReport = { commits: number; intervalMs: number; cli: string; sizes: LiveCommitSize[]; flatness: number };

type Db = SqlConnection & { close(): void; pragma(sql: string): unknown };

/** A closed-clean events.db of about `sizeMb` MB under .tmp/live-commit/, made once. */
export function ensureDatabase(sizeMb: number, log: (line: string) => void): { closedDb: string; generatedInS: number | null } {
  const folder = join(CACHE, `${sizeMb}mb`);
  const closedDb = join(folder, 'events.db');
  const meta = join(folder, 'meta.json');
  if (existsSync(closedDb) && existsSync(meta)) return { closedDb, generatedInS: (JSON.parse(readFileSync(meta, 'utf8')) as { generatedInS: number }).generatedInS };
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  log(`generating a ${sizeMb} MB events.db in ${folder} (once)`);
  const started = performance.now();
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Db;
  const db = new Database(closedDb);
  for (const pragma of WRITER_PRAGMAS) db.pragma(pragma);
  db.exec(EVENTS_DDL);
  const events = new EventLog(db, { checkRunIds: false });
  const pad = 'p'.repeat(900);
  const target = sizeMb * 1024 * 1024;
  for (let run = 0; statSync(closedDb).size + walSize(closedDb) < target; run += 1) {
    db.exec('BEGIN');
    const runId = `run_history_${String(run).padStart(5, '0')}`;
    for (let i = 0; i < 5000; i += 1) events.append(runId, { type: i === 0 ? 'RunStarted' : 'StepCompleted', payload: i === 0 ? { workflowVersionId: 'wfver_bench', label: 'history' } : { stepPath: `s${i}`, output: { pad } }, recordedAt: '2026-01-01T00:00:00.000Z' });
    db.exec('COMMIT');
  }
  db.close();
  const generatedInS = Math.round((performance.now() - started) / 100) / 10;
  writeFileSync(meta, `${JSON.stringify({ generatedInS, bytes: statSync(closedDb).size })}\n`);
  return { closedDb, generatedInS };
}

function walSize(db: string): number {
  try {
    return statSync(`${db}-wal`).size;
  } catch {
    return 0;
  }
}

/** Lines of a child's stdout, each stamped with the time it arrived. */
function stampLines(child: ChildProcess, onLine: (line: string, at: number) => void): void {
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const at = performance.now();
    pending += chunk.toString();
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      onLine(pending.slice(0, nl), at);
      pending = pending.slice(nl + 1);
    }
  });
}

/** Bytes under `dir` now (files of its folders, one level of nesting is all a mirror has). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const name of safeList(dir)) {
    const path = join(dir, name);
    try {
      const stat = statSync(path);
      total += stat.isDirectory() ? bytesUnder(path) : stat.blocks * 512;
    } catch {
      // Removed while we looked.
    }
  }
  return total;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * One follower (the tail or the floor) beside a live writer: `commits` commits of run
 * `run_live`, one every `intervalMs`, each timed from just before the append to its line.
 */
async function follow(dataDir: string, args: string[], ready: RegExp, commits: number, intervalMs: number, tmp: string): Promise<{ latencies: number[]; peakTempBytes: number }> {
  const writer: ScriptWriter = await startScriptWriter(dataDir);
  const child = spawn(process.execPath, args, { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
  const printed: number[] = [];
  let stderr = '';
  let peakTempBytes = 0;
  const sampler = setInterval(() => (peakTempBytes = Math.max(peakTempBytes, bytesUnder(tmp))), 20);
  try {
    stampLines(child, (line, at) => {
      if (line.includes('run_live')) printed.push(at);
    });
    await new Promise<void>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        stderr += chunk.toString();
        if (ready.test(stderr)) resolve();
      };
      child.stderr!.on('data', look);
      child.stdout!.on('data', look);
      child.on('exit', (code) => reject(new Error(`follower exited ${code} before it was ready: ${stderr.slice(-400)}`)));
    });
    // Start-up is not measured here (the tail folds the open runs first; its baseline is issue 30
    // item 2's): a first event, committed until one is printed, then the timed commits.
    const printedBy = async (count: number, ms: number) => {
      const deadline = performance.now() + ms;
      while (printed.length < count && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return printed.length >= count;
    };
    for (let warm = 0; !(await printedBy(1, 2_000)); warm += 1) {
      if (warm > 60) throw new Error(`the follower printed nothing: ${stderr.slice(-400)}`);
      await writer.append([{ runId: 'run_live', type: 'RunStarted', payload: { workflowVersionId: 'wfver_live', label: 'live' } }]);
    }
    await printedBy(Number.MAX_SAFE_INTEGER, 500);
    const base = printed.length;
    const sent: number[] = [];
    for (let i = 0; i < commits; i += 1) {
      sent.push(performance.now());
      await writer.append([{ runId: 'run_live', type: 'StepScheduled', payload: { stepPath: `s${i}` } }]);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    if (!(await printedBy(base + commits, 120_000))) throw new Error(`the follower printed ${printed.length - base} of ${commits} events: ${stderr.slice(-400)}`);
    return { latencies: sent.map((at, i) => printed[base + i] - at), peakTempBytes: Math.max(peakTempBytes, bytesUnder(tmp)) };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    await writer.kill();
  }
}

export function figures(latencies: number[]): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), maxMs: round(sorted[sorted.length - 1]), samples: sorted.length };
}

/** A fresh live data dir holding a copy of the cached database. */
export function freshDataDir(closedDb: string, scratch: string): string {
  const dataDir = join(mkdtempSync(join(scratch, 'dir-')), '.little-workflow');
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  copyFileSync(closedDb, join(dataDir, 'events', 'events.db'));
  return dataDir;
}

/** Measure every size; `cli` is the `main.ts` (or built cli.js) whose `tail` is measured. */
export async function measureLiveCommit(options: { commits?: number; intervalMs?: number; cli?: string; sizes?: readonly number[] }, log: (line: string) => void): Promise<LiveCommitReport> {
  const commits = options.commits ?? 20;
  const intervalMs = options.intervalMs ?? 300;
  const cli = options.cli ?? DEFAULT_CLI;
  mkdirSync(CACHE, { recursive: true });
  const scratch = mkdtempSync(join(CACHE, 'run-'));
  const sizes: LiveCommitSize[] = [];
  try {
    for (const sizeMb of options.sizes ?? LIVE_COMMIT_SIZES_MB) {
      const { closedDb, generatedInS } = ensureDatabase(sizeMb, log);
      const dbBytes = statSync(closedDb).size;
      const cliArgs = cli.endsWith('.ts') ? tsxNodeArgs(cli, []) : [cli];
      log(`${sizeMb} MB: floor`);
      const floorDir = freshDataDir(closedDb, scratch);
      const floorRun = await follow(floorDir, [FLOOR, floorDir], /ready/, commits, intervalMs, mkdtempSync(join(scratch, 'tmp-')));
      log(`${sizeMb} MB: tail`);
      const dir = freshDataDir(closedDb, scratch);
      const tailRun = await follow(dir, [...cliArgs, 'tail', '--data-dir', dir], /# following/, commits, intervalMs, mkdtempSync(join(scratch, 'tmp-')));
      const tail = figures(tailRun.latencies);
      const floor = figures(floorRun.latencies);
      sizes.push({ sizeMb, dbBytes, generatedInS, tail, floor, p95Ratio: round2(tail.p95Ms / Math.max(1, floor.p95Ms)), peakTempBytes: tailRun.peakTempBytes, peakTempShare: round2(tailRun.peakTempBytes / dbBytes) });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  return { commits, intervalMs, cli, sizes, flatness: round2(last.tail.p95Ms / Math.max(1, first.tail.p95Ms)) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The section's lines for the bench's output. */
export function formatLiveCommit(report: LiveCommitReport): string[] {
  const lines = [`live commit-to-print (${report.commits} commits, one per ${report.intervalMs} ms, a live writer; tail = ${report.cli})`];
  for (const s of report.sizes) {
    lines.push(
      `  ${String(s.sizeMb).padStart(5)} MB: tail p50 ${s.tail.p50Ms} ms, p95 ${s.tail.p95Ms} ms, max ${s.tail.maxMs} ms | floor p95 ${s.floor.p95Ms} ms | p95 ${s.p95Ratio}x the floor | peak temp ${(s.peakTempBytes / 1048576).toFixed(1)} MB = ${Math.round(s.peakTempShare * 100)}% of the db${s.generatedInS === null ? '' : ` (generated in ${s.generatedInS} s)`}`,
    );
  }
  lines.push(`  flatness: p95 at ${report.sizes[report.sizes.length - 1]?.sizeMb} MB / p95 at ${report.sizes[0]?.sizeMb} MB = ${report.flatness}x (goal <= 1.5)`);
  return lines;
}
