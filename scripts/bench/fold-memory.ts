/**
 * Peak memory of the product fold of one run, measured in a child process so that the
 * generator and the other benchmarks do not pollute the numbers: RSS and heap sampled
 * every N events, the heap delta, and the kernel's max RSS at the end.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { foldRun } from './fold-throughput';

/** Memory facts of one fold (bytes). */
export type FoldMemory = {
  events: number;
  sampleEvery: number;
  samples: number;
  /** RSS right before opening the data dir. */
  rssBefore: number;
  /** Highest sampled RSS during the fold. */
  rssPeakSampled: number;
  /** `process.resourceUsage().maxRSS` at the end (whole child lifetime). */
  maxRss: number;
  heapUsedBefore: number;
  heapUsedPeakSampled: number;
  /** heapUsed after the fold minus before (garbage collected first when `gc` is exposed). */
  heapUsedDelta: number;
  gcExposed: boolean;
};

const CHILD_PATH = fileURLToPath(new URL('./fold-memory-child.ts', import.meta.url));

/** Fold `runId` in this process, sampling memory every `sampleEvery` events. */
export function sampleFoldMemory(dataDir: string, runId: string, sampleEvery: number): FoldMemory {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  let samples = 0;
  const state = foldRun(dataDir, runId, (applied) => {
    if (applied % sampleEvery !== 0) return;
    const now = process.memoryUsage();
    samples += 1;
    if (now.rss > rssPeak) rssPeak = now.rss;
    if (now.heapUsed > heapPeak) heapPeak = now.heapUsed;
  });
  gc?.();
  const after = process.memoryUsage();
  return {
    events: state.eventCount,
    sampleEvery,
    samples,
    rssBefore: before.rss,
    rssPeakSampled: Math.max(rssPeak, after.rss),
    // Linux reports kilobytes.
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsedBefore: before.heapUsed,
    heapUsedPeakSampled: heapPeak,
    heapUsedDelta: after.heapUsed - before.heapUsed,
    gcExposed: gc !== undefined,
  };
}

/** Run {@link sampleFoldMemory} in a fresh `node --expose-gc --import tsx` child and parse its JSON. */
export function measureFoldMemoryInChild(dataDir: string, runId: string, sampleEvery: number): FoldMemory {
  // What `--import tsx` loads, resolved from here so the child's cwd does not matter.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const args = ['--expose-gc', '--import', loader, CHILD_PATH, dataDir, runId, String(sampleEvery)];
  const child = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`memory child exited ${child.status ?? child.signal}: ${child.stderr}`);
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as FoldMemory;
}
