import { describe, expect, it } from 'vitest';
import { jobSubRunIds } from '../scripts/fixtures/scenarios/job';
import { loadJob } from '../src-main/library/job/load-job';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { fixtureRun } from './support/fixture-manifest';
import { hashTree } from './support/store-test-fixtures';

// Time travel of a job (the Job view's "as of #N"): the root as of its event #N, each other
// member as of its last event recorded by then; members started later are not in the tree yet.

const top = fixtureRun('orchestrated job crashed mid-dispatch', 'job');
const ids = jobSubRunIds(top.runId);
const options = { table: BUNDLED_PRICE_TABLE, checkpoints: null };

function jobAt(at?: number) {
  const job = loadJob(top.dir, top.runId, { ...options, ...(at === undefined ? {} : { at }) });
  if (!job.ok) throw new Error(job.error.message);
  return job.value;
}

describe('a job as of an event of its root', () => {
  it('holds only the sub-runs the root had dispatched by then, with the words a resume would have used then', () => {
    const before = hashTree(top.dir);
    const now = jobAt();
    const last = now.runs[0].lastSequence!;
    expect(now.asOf).toBeNull();
    // As of its last event the job is the job as it is now.
    const whole = jobAt(last);
    expect(whole.asOf?.sequence).toBe(last);
    expect(whole.subRuns.map((s) => [s.runId, s.action])).toEqual(now.subRuns.map((s) => [s.runId, s.action]));
    expect(whole.total.costUsd).toBeCloseTo(now.total.costUsd!, 12);
    // Earlier: the first sub-run's call in flight while its own log had finished (adopt), then recorded (fast-forward).
    const early = [...Array(last - 1).keys()].map((i) => jobAt(i + 1)).filter((job) => job.subRuns.length === 1);
    expect(early.map((job) => job.subRuns[0].action)).toEqual(['adopt', 'fast-forward']);
    expect(early[0].subRuns[0].runId).toBe(ids['recorded-1']);
    expect(early[1].story).toMatch(/^On resume: 1 fast-forwarded, 0 adopted/);
    expect(early[1].runs.map((r) => r.runId)).not.toContain(ids.crashed);
    expect(early[1].total.runs).toBeLessThan(now.total.runs);
    expect(hashTree(top.dir)).toEqual(before);
  });

  it('refuses time travel on a member that is not the root, naming the root', () => {
    const job = loadJob(top.dir, ids.adopted, { ...options, at: 3 });
    expect(job.ok).toBe(false);
    if (!job.ok) expect(job.error).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(top.runId) });
  });
});
