import { describe, expect, it } from 'vitest';
import { jobSubRunIds } from '../scripts/fixtures/scenarios/job';
import { fixtureRun, manifestRows } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';

// `job` shows one job across scopes: which runs belong to it, their roles, the job's totals
// (each run's `report` summed) and the seed's word for every sub-run a resume meets.

async function json(command: string, ...argv: string[]) {
  const out = await cli(command, ...argv);
  expect(out.stderr.replace(/^Warning: the price table[^\n]*\n/m, '')).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
}

const top = fixtureRun('orchestrated job crashed mid-dispatch', 'job');
const ids = jobSubRunIds(top.runId);

describe('little-inspector job', () => {
  it('finds the root from any member and gives every sub-run the seed\'s action', async () => {
    const before = hashTree(top.dir);
    const job = await json('job', top.runId, '--data-dir', top.dir, '--json');
    expect(job.root).toBe(top.runId);
    expect(job.kind).toBe('orchestrated');
    const action = Object.fromEntries(job.subRuns.map((s: { runId: string; action: string }) => [s.runId, s.action]));
    expect(action).toEqual({
      [ids['recorded-1']]: 'fast-forward',
      [ids['recorded-2']]: 'fast-forward',
      [ids.adopted]: 'adopt',
      [ids.crashed]: 're-dispatch',
      [ids['never-started']]: 're-dispatch',
    });
    const crashed = job.subRuns.find((s: { runId: string }) => s.runId === ids.crashed);
    expect(crashed.status).toBe('crashed');
    expect(crashed.callId).toMatch(/^evt_/);
    // The crashed sub-run resumes from its own crash point: fetch is done, summarize's call is re-invoked.
    expect(crashed.ownResume).toMatchObject({ stepsSkipped: 1, stepsResumed: 1, stepsRerun: 0 });
    expect(crashed.ownResume.lastSequence).toBeGreaterThan(0);
    expect(job.subRuns.find((s: { runId: string }) => s.runId === ids['never-started'])).toMatchObject({ status: 'missing', ownResume: null });
    expect(job.story).toBe('On resume: 2 fast-forwarded, 1 adopted from its own log, 2 re-dispatched under the same ids; 1 of those resume from their own crash points.');

    const roles = Object.fromEntries(job.runs.map((r: { runId: string; role: string }) => [r.runId, r.role]));
    expect(roles[top.runId]).toBe('orchestrator');
    expect(Object.entries(roles).filter(([, role]) => role === 'planner')).toHaveLength(1);
    const nested = fixtureRun('job nested sub-run', 'job');
    expect(job.runs.find((r: { runId: string }) => r.runId === nested.runId)).toMatchObject({ role: 'sub-run', parentRunId: ids['recorded-2'], depth: 2 });
    // Every run with a log is in the job (the never-started sub-run has none).
    const members = manifestRows().filter((r) => r.group === 'job' && !r.shows.includes('outer loop')).map((r) => r.runId);
    expect(job.runs.map((r: { runId: string }) => r.runId).sort()).toEqual([...members].sort());

    // Asked from the nested sub-run, the same job comes back.
    const fromLeaf = await json('job', nested.runId, '--data-dir', top.dir, '--json');
    expect(fromLeaf).toEqual(job);
    expect(hashTree(top.dir)).toEqual(before);
  });

  it('totals are the sums of each member\'s little report, unpriced calls kept apart', async () => {
    const job = await json('job', top.runId, '--data-dir', top.dir, '--json');
    const sum = { costUsd: 0, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, unpricedCalls: 0 };
    for (const run of job.runs) {
      const report = (await json('report', run.runId, '--data-dir', top.dir)).total;
      expect(run).toMatchObject({ costUsd: report.costUsd, inputTokens: report.inputTokens, unpricedCalls: report.unpricedCalls });
      for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += report[key] ?? 0;
    }
    expect(job.total.unpricedCalls).toBe(sum.unpricedCalls);
    expect(job.total.unpricedCalls).toBeGreaterThan(0); // the planner stub is unpriced: a lower bound, not null
    expect(job.total.costUsd).toBeCloseTo(sum.costUsd, 12);
    for (const key of ['inputTokens', 'cachedInputTokens', 'outputTokens', 'reasoningTokens'] as const) expect(job.total[key]).toBe(sum[key]);
    expect(job.total).toMatchObject({ runs: job.runs.length, crashed: 2, unreported: 0 });
  });

  it('a sub-run whose log ends inside a model call keeps its cost unknown, as the run list does', async () => {
    const job = await json('job', top.runId, '--data-dir', top.dir, '--json');
    const crashed = job.runs.find((r: { runId: string }) => r.runId === ids.crashed);
    const listed = (await json('runs', '--data-dir', top.dir, '--json')).find((r: { runId: string }) => r.runId === ids.crashed);
    expect(crashed.inFlightCalls).toBe(1);
    expect(crashed.inFlightCalls).toBe(listed.inFlightCalls);
    expect(job.total.inFlightCalls).toBe(job.runs.reduce((n: number, r: { inFlightCalls: number }) => n + r.inFlightCalls, 0));
    const out = await cli('job', top.runId, '--data-dir', top.dir);
    expect(out.stdout).toContain(`sub-run ${ids.crashed} crashed [re-dispatch]: cost unknown (1 call in flight),`);
    expect(out.stdout).toMatch(/total: \$\d+\.\d{6} \+ 1 unpriced \+ 1 call in flight,/);
  });

  it('an outer-loop cycle opens the whole loop: recorded cycles and the pending one', async () => {
    const pending = fixtureRun('pending cycle 3', 'job');
    const job = await json('job', pending.runId, '--data-dir', pending.dir, '--json');
    expect(job.kind).toBe('outer-loop');
    expect(job.root).toMatch(/^ol_/);
    expect(job.runs.map((r: { role: string }) => r.role)).toEqual(['cycle', 'cycle', 'cycle']);
    expect(job.cycles.map((c: { cycleNumber: number | null; pending: boolean }) => [c.cycleNumber, c.pending])).toEqual([[1, false], [2, false], [null, true]]);
    expect(job.cycles[2]).toMatchObject({ runId: pending.runId, status: 'running' });
    expect(job.story).toContain(`reuses ${pending.runId}`);
    const cycle1 = await json('job', job.cycles[0].runId, '--data-dir', pending.dir, '--json');
    expect(cycle1).toEqual(job);
  });

  it('a plain run is a job of one; unknown and malformed ids are typed errors', async () => {
    const plain = fixtureRun('completed: planner prelude', 'completed');
    const job = await json('job', plain.runId, '--data-dir', plain.dir, '--json');
    expect(job).toMatchObject({ root: plain.runId, kind: 'run', subRuns: [], cycles: [], story: 'Nothing to resume: the job finished.' });
    expect(job.runs).toHaveLength(1);
    const missing = await cli('job', 'run_0000000000000000', '--data-dir', plain.dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);
    const bad = await cli('job', '../etc', '--data-dir', plain.dir);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/Invalid run id/);
  });

  it('prints the tree with each sub-run\'s action and the story', async () => {
    const out = await cli('job', top.runId, '--data-dir', top.dir);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`orchestrator ${top.runId} crashed`);
    expect(out.stdout).toContain(`sub-run ${ids.adopted} completed [adopt]`);
    expect(out.stdout).toContain(`sub-run ${ids['never-started']} (no log yet) [re-dispatch]`);
    expect(out.stdout).toMatch(/total: \$\d+\.\d{6} \+ 1 unpriced/);
  });
});
