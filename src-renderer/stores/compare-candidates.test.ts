import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../shared/library';
import { run as libraryRun } from '../../test/support/library-runs';
import { baselineFirst, previousCycle, previousOfVersion, togglePick } from './compare-candidates';

// Rows in one data dir with no version unless a test gives one: only the dir, version, loop and start matter here.
const run = (runId: string, startedAt: string | null, extra: Partial<RunSummary> = {}): RunSummary => libraryRun(runId, { dataDir: '/d', startedAt, workflowVersionId: null, ...extra });

describe('compare candidates', () => {
  it('picks at most two runs; clicking a picked run unpicks it; a third drops the oldest pick', () => {
    const a = { dataDir: '/d', runId: 'run_a' };
    const b = { dataDir: '/e', runId: 'run_a' };
    const c = { dataDir: '/d', runId: 'run_c' };
    expect(togglePick([], a)).toEqual([a]);
    expect(togglePick([a], b)).toEqual([a, b]);
    expect(togglePick([a, b], a)).toEqual([b]);
    expect(togglePick([a, b], c)).toEqual([b, c]);
  });

  it('orders two runs baseline first by start time', () => {
    const early = run('run_1', '2026-01-01T00:00:00Z');
    const late = run('run_2', '2026-01-02T00:00:00Z');
    expect(baselineFirst(late, early)).toEqual([early, late]);
    expect(baselineFirst(early, late)).toEqual([early, late]);
    expect(baselineFirst(run('run_x', null), early)).toEqual([early, run('run_x', null)]);
  });

  it('finds the latest earlier run of the same workflow version, in any data dir', () => {
    const v = { workflowVersionId: 'wfv_1' };
    const runs = [
      run('run_1', '2026-01-01T00:00:00Z', v),
      run('run_2', '2026-01-02T00:00:00Z', { ...v, dataDir: '/other' }),
      run('run_3', '2026-01-03T00:00:00Z', { workflowVersionId: 'wfv_2' }),
      run('run_4', '2026-01-04T00:00:00Z', v),
      run('run_5', '2026-01-05T00:00:00Z', v),
    ];
    expect(previousOfVersion(runs, runs[3]!)?.runId).toBe('run_2');
    expect(previousOfVersion(runs, runs[0]!)).toBeNull();
    expect(previousOfVersion(runs, runs[2]!)).toBeNull();
    expect(previousOfVersion(runs, run('run_9', null))).toBeNull();
  });

  it('finds cycle N−1 of the same outer loop in the same data dir, numbering cycles from 1', () => {
    const loop = { outerLoopId: 'loop_1' };
    const runs = [
      run('run_c2', '2026-01-02T00:00:00Z', loop),
      run('run_c1', '2026-01-01T00:00:00Z', loop),
      run('run_x', '2026-01-01T12:00:00Z', { outerLoopId: 'loop_2' }),
      run('run_c3', '2026-01-03T00:00:00Z', loop),
    ];
    expect(previousCycle(runs, runs[3]!)).toEqual({ run: runs[0], cycle: 2 });
    expect(previousCycle(runs, runs[0]!)).toEqual({ run: runs[1], cycle: 1 });
    expect(previousCycle(runs, runs[1]!)).toBeNull();
    expect(previousCycle(runs, run('run_y', null))).toBeNull();
  });
});
