/**
 * The live observer in the main process: commit-to-subscriber latency (p50/p95/max) while a
 * writer child commits one event at a time at a steady rate, and the CPU an idle tail costs
 * (`process.cpuUsage` over `idleMs` with the writer connected but quiet). Runs in a child
 * process so the other benchmarks' heaps and timers do not disturb it.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLiveObserver } from '../../src-main/live/live-observer';
import { startScriptWriter } from '../../test/support/live-writer';

/** What the live benchmark measured (times in ms). */
export type LiveLatency = {
  events: number;
  perSecond: number;
  runs: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
  latencyMaxMs: number;
  idleMs: number;
  /** CPU time (user + system) the process used while the tail idled. */
  idleCpuMs: number;
  /** idleCpuMs as a share of one core over the idle window, in percent. */
  idleCpuPercent: number;
  pollMs: number;
};

/** Defaults: 50 events/s into one run for 4 s, then 10 s idle, with the observer's default 250 ms poll. */
export const LIVE_BENCH_DEFAULTS = { perSecond: 50, durationMs: 4_000, idleMs: 10_000, runs: 1 };

/** Under load (src-main/live/live-load.test.ts's profile): 5,000 events/s over 20 runs for 4 s, no idle window. */
export const LIVE_LOAD_PROFILE = { perSecond: 5_000, durationMs: 4_000, idleMs: 0, runs: 20 };

const CHILD_PATH = fileURLToPath(new URL('./live-latency-child.ts', import.meta.url));

/** Measure in this process. */
export async function measureLive(options: typeof LIVE_BENCH_DEFAULTS = LIVE_BENCH_DEFAULTS): Promise<LiveLatency> {
  const root = mkdtempSync(join(tmpdir(), 'little-inspector-live-bench-'));
  const dir = join(root, '.little-workflow');
  const writer = await startScriptWriter(dir);
  const latencies: number[] = [];
  const observer = createLiveObserver({ root: dir, priceTable: BUNDLED_PRICE_TABLE });
  try {
    await writer.append([{ runId: 'run_bench_seed', type: 'RunStarted', payload: {} }]);
    observer.subscribe('bench', (batch) => {
      const now = performance.timeOrigin + performance.now();
      for (const notice of batch) {
        if (notice.kind !== 'run.delta') continue;
        for (const event of notice.events) {
          const t = (event.payload as { t?: unknown }).t;
          if (typeof t === 'number') latencies.push(now - t);
        }
      }
    });
    observer.start();
    const load = await writer.load({ runs: options.runs, perSecond: options.perSecond, durationMs: options.durationMs, runPrefix: 'run_bench_' });
    const deadline = Date.now() + 10_000;
    while (latencies.length < load.appended - options.runs && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, options.idleMs));
    const used = process.cpuUsage(before);
    const idleCpuMs = (used.user + used.system) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    return {
      events: latencies.length,
      perSecond: options.perSecond,
      runs: options.runs,
      latencyP50Ms: at(0.5),
      latencyP95Ms: at(0.95),
      latencyMaxMs: latencies.at(-1) ?? Number.NaN,
      idleMs: options.idleMs,
      idleCpuMs,
      idleCpuPercent: options.idleMs > 0 ? (idleCpuMs / options.idleMs) * 100 : 0,
      pollMs: 250,
    };
  } finally {
    observer.stop();
    await writer.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Run {@link measureLive} in a fresh `node --import tsx` child and parse its JSON line. */
export function measureLiveInChild(options: typeof LIVE_BENCH_DEFAULTS = LIVE_BENCH_DEFAULTS): LiveLatency {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawnSync(process.execPath, ['--import', loader, CHILD_PATH, JSON.stringify(options)], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (child.status !== 0) throw new Error(`live bench child exited ${child.status ?? child.signal}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as LiveLatency;
}
