import { describe, expect, it } from 'vitest';
import { fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';
import { truncatableCopy } from './support/truncated-copy';

// `plan` prints what the crash tab shows: the verdict, what was open, what a resume does.
// With --at N it answers "what if the process had died right after event N".

async function planJson(...argv: string[]) {
  const out = await cli('plan', ...argv, '--json');
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
}

describe('little-inspector plan', () => {
  it('says a finished run needs no resume, and what a resume would do had it died at the crash point', async () => {
    // Crashed after #7 (tool call started), resumed at #8 with a new session.
    const run = fixtureRun('resumed after tool-call-in-flight');
    const before = hashTree(run.dir);
    const whole = await planJson(run.runId, '--data-dir', run.dir);
    expect(whole.at).toBeNull();
    expect(whole.verdict.kind).toBe('completed');
    expect(whole.resumePlan.applicable).toBe(false);

    const atCrash = await planJson(run.runId, '--at', '7', '--data-dir', run.dir);
    expect(atCrash.at).toBe(7);
    expect(atCrash.lastEvent).toMatchObject({ sequence: 7, type: 'harness.tool_call.started' });
    expect(atCrash.verdict).toMatchObject({ kind: 'crashed', lockOwner: 'dead' });
    expect(atCrash.resumePlan).toMatchObject({
      applicable: true,
      stepsResumed: [{ stepPath: 'fetch', attemptId: 'attempt_1' }],
      sessionsRestarted: [0],
    });
    expect(atCrash.resumePlan.toolCallsReinvoked).toHaveLength(1);
    expect(atCrash.resumePlan.toolCallsReinvoked[0]).toMatchObject({ stepPath: 'fetch', sequence: 7 });

    const text = await cli('plan', run.runId, '--at', '7', '--data-dir', run.dir);
    expect(text.stdout).toContain(`run ${run.runId}: as if it had died after #7`);
    expect(text.stdout).toContain('verdict: crashed');
    expect(text.stdout).toMatch(/\n {2}re-invoke tool call \(1\): /);
    expect(text.stdout).toContain('  resume attempt (1): fetch (attempt_1)');
    expect(hashTree(run.dir)).toEqual(before);
  });

  it('at every N equals the plan of a copy truncated after N (lock facts aside)', async () => {
    const run = fixtureRun('resumed parallel (kill-resume demo)');
    const last = (await planJson(run.runId, '--data-dir', run.dir)).lastEvent.sequence as number;
    const copy = truncatableCopy(run.dir);
    try {
      for (let n = last; n >= 1; n -= 1) {
        copy.truncateAfter(run.runId, n);
        const at = await planJson(run.runId, '--at', String(n), '--data-dir', run.dir);
        const truncated = await planJson(run.runId, '--data-dir', copy.dir);
        // The copy's verdict rests on today's lock (none); --at takes the writer as dead.
        const { at: _at, verdict: _v, ...planAt } = at;
        const { at: _t, verdict: _w, ...planCut } = truncated;
        expect(planAt, `cut after #${n}`).toEqual(planCut);
        if (truncated.verdict.kind === 'completed' || truncated.verdict.kind === 'failed') expect(at.verdict.reason).toBe(truncated.verdict.reason);
        else expect(at.verdict.kind).toBe('crashed');
      }
    } finally {
      copy.dispose();
    }
  });

  it('fails like the other commands on a bad --at, an invalid or unknown run id, and a folder that is no data dir', async () => {
    const run = fixtureRun('completed: planner prelude');
    expect((await cli('plan', run.runId, '--at', 'x', '--data-dir', run.dir)).code).toBe(1);
    expect(await cli('plan', 'RUN_upper', '--data-dir', run.dir)).toEqual({ code: 1, stdout: '', stderr: 'WorldPathError: Invalid run id: RUN_upper\n' });
    expect(await cli('plan', 'run_not_here', '--data-dir', run.dir)).toEqual({ code: 1, stdout: '', stderr: 'RunNotFoundError: Run not found: run_not_here\n' });
    expect((await cli('plan', run.runId, '--data-dir', '/nonexistent-li-dir')).code).toBe(2);
  });
});
