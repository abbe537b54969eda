/** Small timing and statistics helpers for the benchmarks (wall clock via `performance.now`). */
import { performance } from 'node:perf_hooks';

/** The result of a timed call: its value and the elapsed milliseconds. */
export type Timed<T> = { value: T; ms: number };

/** Run `fn` once and measure its wall-clock time in milliseconds. */
export function timed<T>(fn: () => T): Timed<T> {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

/** Median of a non-empty list (mean of the two middle values for even lengths). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median (`of`) of each series of `runs`, under the same names. */
export function mediansOf<K extends string, T, M>(runs: Record<K, T[]>, of: (series: T[]) => M): Record<K, M> {
  return Object.fromEntries(Object.entries<T[]>(runs).map(([name, series]) => [name, of(series)])) as Record<K, M>;
}

/** Items per second for `count` items processed in `ms` milliseconds. */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : Number.POSITIVE_INFINITY;
}

/** Run `fn` `rounds` times and return every timing plus the median. */
export function repeat<T>(rounds: number, fn: () => T): { runs: Timed<T>[]; medianMs: number } {
  const runs: Timed<T>[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(timed(fn));
  return { runs, medianMs: median(runs.map((r) => r.ms)) };
}

/** True for a finite number greater than zero (the well-formedness check of every result). */
export function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** `items` in a seeded random order (Fisher-Yates over a small LCG): time-travel moves go both ways, as a user's do. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
