// Smoke test of the benchmark modules on a small size: results must be well-formed and the
// product fold must agree with materializeRunState. No timing thresholds (shared, noisy CI).
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { runBench, type BenchOutcome } from './bench-run';
import { formatReport } from './report-table';
import { libraryRunShape } from './run-library';
import { isPositiveFinite, median } from './timing';

const EVENTS = 2_000;
const RUNS = 20;

describe('bench modules (small size)', () => {
  let outcome: BenchOutcome;
  const logged: string[] = [];

  beforeAll(() => {
    outcome = runBench({ events: EVENTS, runs: RUNS, foldRounds: 2, rounds: 2, integrityRounds: 1, sampleEvery: 100 }, (line) => logged.push(line));
  });

  it('generated its data in a temp dir that is removed afterwards', () => {
    const tempDir = /in (\S+)$/.exec(logged[0] ?? '')?.[1];
    expect(tempDir).toBeDefined();
    expect(existsSync(tempDir as string)).toBe(false);
  });

  it('folds the same events and the same state as materializeRunState', () => {
    const { report, productState, materializedState } = outcome;
    expect(report.fold.events).toBe(EVENTS);
    expect(productState.eventCount).toBe(EVENTS);
    expect(productState.status).toBe('completed');
    for (const pass of [...report.fold.baseline, ...report.fold.product]) expect(pass.events).toBe(EVENTS);
    expect(productState).toEqual(materializedState);
    expect(JSON.stringify(productState)).toBe(JSON.stringify(materializedState));
  });

  it('reports positive finite rates, times and ratios', () => {
    const { fold, derived, listing, memory } = outcome.report;
    const numbers = [
      fold.baselineMedianMs,
      fold.productMedianMs,
      fold.baselineEventsPerSecond,
      fold.productEventsPerSecond,
      fold.ratio,
      ...[derived.materialize, derived.harnessView, derived.integrity].flatMap((r) => [r.medianMs, r.eventsPerSecond]),
      listing.loadLibraryMedianMs,
      listing.loadLibraryRunsPerSecond,
      listing.listRunsMedianMs,
      listing.listRunsRunsPerSecond,
    ];
    for (const value of numbers) expect(isPositiveFinite(value), String(value)).toBe(true);
    expect(fold.baseline).toHaveLength(2);
    expect(fold.product).toHaveLength(2);
    expect(derived.events).toBe(EVENTS);
    expect(derived.integrityFindings).toBe(0);
    expect(memory).not.toBeNull();
    for (const value of [memory?.rssBefore, memory?.rssPeakSampled, memory?.maxRss, memory?.heapUsedPeakSampled]) expect(isPositiveFinite(value)).toBe(true);
    expect(memory?.events).toBe(EVENTS);
    expect(memory?.samples).toBe(EVENTS / 100);
    expect(Number.isFinite(memory?.heapUsedDelta)).toBe(true);
  });

  it('lists every run of the library with the written mix', () => {
    const { listing, setup } = outcome.report;
    const shapes = Array.from({ length: RUNS }, (_, i) => libraryRunShape(i));
    expect(listing.runs).toBe(RUNS);
    expect(setup.library.completed + setup.library.failed + setup.library.open).toBe(RUNS);
    expect(listing.statuses.completed).toBe(shapes.filter((s) => s.kind === 'completed').length);
    expect(listing.statuses.failed).toBe(shapes.filter((s) => s.kind === 'failed').length);
    expect(Object.values(listing.statuses).reduce((a, b) => a + b, 0)).toBe(RUNS);
    expect(listing.priced).toBe(shapes.filter((s) => s.model && s.kind !== 'open').length);
  });

  it('exports the large run over OTLP to a loopback sink, both protocols, in batches of 512', () => {
    const otlp = outcome.report.otlp!;
    expect(otlp.events).toBe(EVENTS);
    // The large run has at least one span per step attempt plus its root.
    expect(otlp.spans).toBeGreaterThan(1);
    for (const send of [otlp.protobuf, otlp.json]) {
      expect(send.requests).toBe(Math.ceil(otlp.spans / 512));
      expect(send.bytes).toBeGreaterThan(0);
      expect(isPositiveFinite(send.spansPerSec)).toBe(true);
    }
    expect(otlp.json.bytes).toBeGreaterThan(otlp.protobuf.bytes);
  });

  it('times the library view over a synthetic run list', () => {
    const { runListTree } = outcome.report;
    expect(runListTree.runs).toBe(2_000);
    expect(Object.keys(runListTree.medianMs)).toHaveLength(5);
    for (const value of Object.values(runListTree.medianMs)) expect(isPositiveFinite(value), String(value)).toBe(true);
  });

  it('formats a table and serialises to JSON', () => {
    const text = formatReport(outcome.report);
    expect(text).toContain('ratio product / baseline');
    expect(text).toContain('loadLibrary(root)');
    expect(JSON.parse(JSON.stringify(outcome.report))).toEqual(outcome.report);
  });

  it('measures live commit-to-subscriber latency and idle tail CPU', () => {
    const { live } = outcome.report;
    expect(live.events).toBeGreaterThan(10);
    for (const value of [live.latencyP50Ms, live.latencyP95Ms, live.latencyMaxMs, live.idleCpuMs]) expect(isPositiveFinite(value), String(value)).toBe(true);
    expect(live.latencyP50Ms).toBeLessThanOrEqual(live.latencyP95Ms);
    expect(formatReport(outcome.report)).toContain('commit -> subscriber latency p95');
  });

  it('median handles odd and even lengths', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
