import { describe, expect, it } from 'vitest';
import { DIFF_NUMBERS, type RunDiff } from '../shared/compare/run-diff';
import { formatDuration } from '../shared/format/duration';
import { formatUsd } from '../shared/format/money';
import type { RunReport } from '../shared/report/run-report';
import { fixtureRun, manifestRows, EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { scratchRoot } from './support/scratch';

// `diff` aligns two runs by step path; its tokens and costs are each run's `little report` rows.

async function diffJson(...argv: string[]): Promise<RunDiff> {
  const out = await cli('diff', ...argv, '--json');
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as RunDiff;
}

async function report(runId: string, dir: string): Promise<RunReport> {
  const out = await cli('report', runId, '--data-dir', dir);
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as RunReport;
}

const REPORT_FIELDS = ['inputTokens', 'cachedInputTokens', 'outputTokens', 'reasoningTokens', 'costUsd'] as const;

/** Fixture runs `little report` can read (the broken ones it refuses are refused by diff too). */
async function reportableRuns() {
  const runs = [];
  for (const row of manifestRows().filter((r) => r.group !== 'loopctl')) {
    const dir = join(EXAMPLES, row.dataDir);
    if ((await cli('report', row.runId, '--data-dir', dir)).code === 0) runs.push({ ...row, dir });
  }
  return runs;
}

describe('little-inspector diff', () => {
  it('a run against itself: every delta 0 (or null where the value is unknown), no divergence, rows = report rows', async () => {
    const runs = await reportableRuns();
    expect(runs.length).toBeGreaterThan(30);
    for (const run of runs) {
      const diff = await diffJson(run.runId, run.runId, '--data-dir', run.dir);
      const rows = await report(run.runId, run.dir);
      expect(diff.firstDivergence, run.runId).toBeNull();
      // Every field is counted, and a run against itself changes none of them.
      expect(diff.summary.text, run.runId).toBe('no step changed');
      for (const step of diff.steps) {
        expect(step.outputEqual, `${run.runId} ${step.stepPath}`).toBe(true);
        for (const field of DIFF_NUMBERS) {
          const pair = step[field];
          if (pair.a === null) expect(pair).toEqual({ a: null, b: null, delta: null });
          else expect(pair.delta, `${run.runId} ${step.stepPath} ${field}`).toBe(0);
        }
        const row = rows.steps.find((r) => r.stepPath === step.stepPath)!;
        for (const field of REPORT_FIELDS) expect(step[field].a).toBe(row[field]);
      }
      expect(diff.steps.map((s) => s.stepPath).sort()).toEqual(rows.steps.map((r) => r.stepPath).sort());
    }
  });

  it('totals equal report B − report A; a null cost gives a null delta', async () => {
    const pairs = [
      [fixtureRun('priced: anthropic'), fixtureRun('unpriced: demo/planner-stub')],
      [fixtureRun('partially priced'), fixtureRun('AI SDK 7 usage')],
      [fixtureRun('completed: planner prelude'), fixtureRun('retry: fetch attempt_1')],
    ];
    for (const [a, b] of pairs) {
      const diff = await diffJson(a.runId, b.runId, '--data-dir', a.dir, '--data-dir-b', b.dir);
      const [ra, rb] = [await report(a.runId, a.dir), await report(b.runId, b.dir)];
      for (const field of REPORT_FIELDS) {
        const [va, vb] = [ra.total[field], rb.total[field]];
        expect(diff.total[field], `${field}`).toEqual({ a: va, b: vb, delta: va === null || vb === null ? null : vb - va });
      }
    }
    const unpriced = await diffJson(pairs[0][0].runId, pairs[0][1].runId, '--data-dir', pairs[0][0].dir);
    expect(unpriced.total.costUsd.a).toBeGreaterThan(0);
    expect(unpriced.total.costUsd.b).toBeNull();
    expect(unpriced.total.costUsd.delta).toBeNull();

    // Issue 34: the text writes an unknown cost as the compare view does ("unpriced", never "n/a"),
    // money with the one money formatter and durations with the one duration formatter.
    const text = await cli('diff', pairs[0][0].runId, pairs[0][1].runId, '--data-dir', pairs[0][0].dir);
    expect(text.stdout).not.toContain('n/a');
    const total = text.stdout.split('TOTAL\n')[1]!;
    expect(total).toContain(`cost ${formatUsd(unpriced.total.costUsd.a!)} → unpriced (unpriced), duration ${formatDuration(unpriced.total.durationMs.a!)} → `);
  });

  it('two runs that differ: the failed step is the first divergence, the step it never reached is removed', async () => {
    const good = fixtureRun('demo completed (priced');
    const bad = fixtureRun('demo failed (step_failed on fetch)');
    const diff = await diffJson(good.runId, bad.runId, '--data-dir', good.dir);
    expect(diff.a).toMatchObject({ runId: good.runId, status: 'completed' });
    expect(diff.b).toMatchObject({ runId: bad.runId, status: 'failed' });
    expect(diff.firstDivergence).toBe('fetch');
    const fetch = diff.steps.find((s) => s.stepPath === 'fetch')!;
    expect(fetch.status).toEqual({ a: 'completed', b: 'failed' });
    expect(fetch.outputEqual).toBe(false);
    const summarize = diff.steps.find((s) => s.stepPath === 'summarize')!;
    expect(summarize.status).toEqual({ a: 'completed', b: null });
    expect(summarize.costUsd.b).toBeNull();
    expect(summarize.costUsd.delta).toBeNull();
    expect(summarize.outputEqual).toBeNull();

    const text = await cli('diff', good.runId, bad.runId, '--data-dir', good.dir);
    expect(text.stdout).toContain('first divergence: fetch');
    expect(text.stdout).toContain('~ fetch   <- first divergence   changed: status, output');
    expect(text.stdout).toMatch(/^changes: \d+ steps?: status changed, output differs/m);
    expect(text.stdout).toContain('- summarize');
    // A step B never reached has no values there, and no delta: a dash, as in the compare view.
    const removed = text.stdout.split('- summarize')[1]!;
    expect(removed).toMatch(/^\n.*\n    tokens in [\d,]+ → —, cached [\d,]+ → —, out [\d,]+ → —, reasoning [\d,]+ → —\n    cost \$[\d.]+ → —, duration .+ → —\n    models .+ → —\n/);
  });

  it('fails like report on a run it cannot read, and asks for two run ids', async () => {
    const run = fixtureRun('completed: planner prelude');
    expect((await cli('diff', run.runId, '--data-dir', run.dir)).code).toBe(1);
    expect(await cli('diff', run.runId, 'run_not_here', '--data-dir', run.dir)).toEqual({ code: 1, stdout: '', stderr: 'RunNotFoundError: Run not found: run_not_here\n' });
    const broken = fixtureRun('broken unparsable-payload');
    const out = await cli('diff', run.runId, broken.runId, '--data-dir', run.dir, '--data-dir-b', broken.dir);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^SyntaxError: /);
  });

  // Issue 30: the same run id in two data dirs (a copy, a re-run elsewhere) gave two headers
  // `A run_x (…)` / `B run_x (…)` that did not say which data dir was which.
  it('names both data dirs in the headers when A and B come from different ones (text and --json)', async () => {
    const run = fixtureRun('completed: planner prelude');
    const copy = join(scratchRoot('li-diff-two-dirs-'), 'copy', '.little-workflow');
    cpSync(run.dir, copy, { recursive: true });
    const text = await cli('diff', run.runId, run.runId, '--data-dir', run.dir, '--data-dir-b', copy);
    expect(text.code, text.stderr).toBe(0);
    const [headA, headB] = text.stdout.split('\n');
    expect(headA).toMatch(new RegExp(`^A ${run.runId} \\(completed, \\d+ events\\) in ${run.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(headB).toBe(`B ${run.runId}${headA!.slice(2 + run.runId.length, headA!.indexOf(' in '))} in ${copy}`);
    const json = await diffJson(run.runId, run.runId, '--data-dir', run.dir, '--data-dir-b', copy);
    expect([json.a.dataDir, json.b.dataDir]).toEqual([run.dir, copy]);
    // One data dir: the headers stay as they were.
    const same = await cli('diff', run.runId, run.runId, '--data-dir', run.dir);
    expect(same.stdout.split('\n')[0]).toMatch(/^A \S+ \(completed, \d+ events\)$/);
  });
});
