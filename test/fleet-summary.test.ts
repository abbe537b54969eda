/**
 * `little-inspector fleet --json` over the fixture root (several little-workflow data dirs,
 * nested harness worlds, session folders, loopctl ledgers): every figure is the sum of what the
 * inspector says about each run on its own: its `little report` (strict fold, as `report`), its
 * run-list row (`runs`, SQL aggregates) and its run view (the run service's detail: resumes,
 * attempts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetSummary } from '../shared/fleet/fleet-summary-types';
import type { RunSummary } from '../shared/library';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { runReport, type RunReport } from '../shared/report/run-report';
import type { RunDetail } from '../shared/run/run-detail-types';
import { loadLibrary } from '../src-main/library/load-library';
import { loadRunDetail } from '../src-main/engine/run-stages';
import { loadLoopctlRunDetail } from '../src-main/sources/loopctl/loopctl-runs';
import { foldRunStrict } from '../src-main/library/strict-run-log';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

const ROOT = join(EXAMPLES, 'fixtures');
const table = BUNDLED_PRICE_TABLE;

type PerRun = { summary: RunSummary; report: RunReport | null; detail: RunDetail | null };

async function perRun(): Promise<{ runs: PerRun[]; sessions: RunSummary[] }> {
  const loaded = loadLibrary(ROOT, table);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const runs: PerRun[] = [];
  for (const summary of loaded.value.runs) {
    if (summary.source === 'little-harness') continue;
    if (summary.source === 'loopctl') {
      const detail = loadLoopctlRunDetail(summary.dataDir, summary.runId, table);
      runs.push({ summary, report: null, detail: detail.ok ? detail.value : null });
      continue;
    }
    const reader = openDataDir(summary.dataDir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      const folded = foldRunStrict(reader.value, summary.runId, { table, checkpoints: null });
      const siblings = loaded.value.runs.filter((r) => r.dataDir === summary.dataDir);
      const detail = await loadRunDetail(reader.value, summary.runId, { summary, siblings, table });
      runs.push({ summary, report: folded.ok ? runReport(folded.value.state()) : null, detail: detail.ok ? detail.value : null });
    } finally {
      reader.value.close();
    }
  }
  return { runs, sessions: loaded.value.runs.filter((r) => r.source === 'little-harness') };
}

async function fleet(...args: string[]): Promise<FleetSummary> {
  const run = await cli('fleet', '--data-dir', ROOT, '--json', ...args);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as FleetSummary;
}

/** Sum costs as little-workflow sums usage: null only when every call was unpriced. */
function costSum(parts: { cost: number | null; calls: number; unpriced: number }[]): number | null {
  const priced = parts.filter((p) => p.cost !== null && p.calls > p.unpriced);
  if (priced.length === 0) return parts.some((p) => p.unpriced > 0) ? null : 0;
  return priced.reduce((s, p) => s + p.cost!, 0);
}

describe('little-inspector fleet', async () => {
  const { runs, sessions } = await perRun();
  const summary = await fleet();

  it('counts workflow runs by their run-list rows, sessions on their own', () => {
    expect(summary.runs).toBe(runs.length);
    for (const status of ['completed', 'failed', 'running', 'pending'] as const) expect(summary.byStatus[status]).toBe(runs.filter((r) => r.summary.status === status).length);
    expect(summary.crashed).toBe(runs.filter((r) => r.summary.crashed).length);
    expect(summary.crashed).toBeGreaterThan(0);
    expect(summary.sessions.count).toBe(sessions.length);
    expect(summary.sessions.modelCalls).toBe(sessions.reduce((s, r) => s + r.session!.counts.modelCalls, 0));
    expect(summary.sessions.failedToolCalls).toBe(sessions.reduce((s, r) => s + r.session!.counts.toolCallsFailed, 0));
  });

  it("sums tokens, calls and cost of each run's report (its run view's usage where it has none)", () => {
    const reported = runs.filter((r) => r.report !== null);
    expect(reported.length).toBeGreaterThan(30);
    // A run without a report (loopctl, a log `little report` refuses) adds the usage its run view shows.
    const usages = runs.map((r) => (r.report !== null ? r.report.total : r.detail!.state.usage));
    expect(runs.filter((r) => r.report === null && r.summary.source !== 'loopctl').length).toBeGreaterThan(0);
    for (const r of runs.filter((x) => x.summary.source === 'loopctl')) expect(r.detail!.state.usage.costUsd).toBe(r.summary.costUsd);
    const sum = (pick: (u: (typeof usages)[number]) => number) => usages.reduce((s, u) => s + pick(u), 0);
    expect(summary.inputTokens).toBe(sum((u) => u.inputTokens));
    expect(summary.cachedInputTokens).toBe(sum((u) => u.cachedInputTokens));
    expect(summary.outputTokens).toBe(sum((u) => u.outputTokens));
    expect(summary.reasoningTokens).toBe(sum((u) => u.reasoningTokens));
    expect(summary.unpricedCalls).toBe(sum((u) => u.unpricedCalls));
    expect(summary.modelCalls).toBe(sum((u) => u.pricedCalls + u.unpricedCalls));
    expect(summary.unpricedCalls).toBeGreaterThan(0);
    expect(summary.costUsd).toBeCloseTo(costSum(usages.map((u) => ({ cost: u.costUsd, calls: u.pricedCalls + u.unpricedCalls, unpriced: u.unpricedCalls })))!, 12);
    // The run-list rows (SQL aggregates, not the fold) agree run by run.
    for (const r of runs) {
      const u = r.report !== null ? r.report.total : r.detail!.state.usage;
      if (r.summary.costUsd === null) expect(u.costUsd).toBeNull();
      else expect(u.costUsd).toBeCloseTo(r.summary.costUsd, 12);
    }
  });

  it("sums resumes, downtime and failed attempts of each run's run view", () => {
    const details = runs.filter((r) => r.detail !== null).map((r) => r.detail!);
    expect(summary.resumes).toBe(details.reduce((s, d) => s + d.harness.resumes.length, 0));
    expect(summary.resumes).toBeGreaterThan(0);
    expect(summary.resumeDowntimeMs).toBe(details.reduce((s, d) => s + d.harness.resumes.reduce((g, r) => g + (r.gapMs ?? 0), 0), 0));
    expect(summary.failedAttempts).toBe(details.reduce((s, d) => s + d.steps.reduce((n, step) => n + step.attempts.filter((a) => a.status === 'failed').length, 0), 0));
    expect(summary.failedAttempts).toBeGreaterThan(0);
    expect(summary.failedAttemptCostUsd).not.toBeNull();
  });

  it('splits the totals into groups that add back up', async () => {
    for (const by of ['status', 'day', 'workflow-version'] as const) {
      const grouped = await fleet('--by', by);
      expect(grouped.by).toBe(by);
      expect(grouped.groups.reduce((s, g) => s + g.runs, 0)).toBe(summary.runs);
      expect(grouped.groups.reduce((s, g) => s + g.crashed, 0)).toBe(summary.crashed);
      expect(grouped.groups.reduce((s, g) => s + g.inputTokens, 0)).toBe(summary.inputTokens);
      expect(grouped.groups.reduce((s, g) => s + g.unpricedCalls, 0)).toBe(summary.unpricedCalls);
      expect(grouped.groups.reduce((s, g) => s + (g.costUsd ?? 0), 0)).toBeCloseTo(summary.costUsd!, 12);
    }
    const byStatus = await fleet('--by', 'status');
    expect(byStatus.groups.find((g) => g.key === 'failed')!.runs).toBe(summary.byStatus.failed);
    const byVersion = await fleet('--by', 'workflow-version');
    expect(byVersion.groups.map((g) => g.key)).toContain('orchestrated');
    // Each call is in one model group; a run is in every group it called.
    const byModel = await fleet('--by', 'model');
    expect(byModel.groups.reduce((s, g) => s + g.modelCalls, 0)).toBe(summary.modelCalls);
    expect(byModel.groups.reduce((s, g) => s + g.unpricedCalls, 0)).toBe(summary.unpricedCalls);
    expect(byModel.groups.reduce((s, g) => s + (g.costUsd ?? 0), 0)).toBeCloseTo(summary.costUsd!, 12);
    expect(byModel.groups.reduce((s, g) => s + g.runs, 0)).toBeGreaterThanOrEqual(summary.runs);
    const stub = byModel.groups.find((g) => g.key === 'demo/planner-stub')!;
    expect([stub.costUsd, stub.unpricedCalls > 0]).toEqual([null, true]);
  });

  it('ranks steps by p95 duration and by failures, with the runs behind them', () => {
    expect(summary.slowestSteps.length).toBeGreaterThan(0);
    const p95s = summary.slowestSteps.map((s) => s.p95Ms);
    expect([...p95s].sort((a, b) => b - a)).toEqual(p95s);
    for (const s of summary.slowestSteps) expect(s.p50Ms).toBeLessThanOrEqual(s.p95Ms);
    const fetch = summary.mostFailingSteps.find((s) => s.stepId === 'fetch')!;
    const fetchFailures = runs.filter((r) => r.detail?.steps.some((s) => s.stepPath === 'fetch' && s.attempts.some((a) => a.status === 'failed')));
    expect(fetch.failedAttempts).toBe(fetchFailures.reduce((n, r) => n + r.detail!.steps.find((s) => s.stepPath === 'fetch')!.attempts.filter((a) => a.status === 'failed').length, 0));
    expect(new Set(fetch.runIds)).toEqual(new Set(runs.filter((r) => r.detail?.steps.some((s) => s.stepPath === 'fetch' && (s.status === 'failed' || s.attempts.some((a) => a.status === 'failed')))).map((r) => r.summary.runId)));
    expect(fetch.workflowVersions.length).toBeGreaterThan(0);
  });

  it('prints a text summary and refuses a bad --by', async () => {
    const text = await cli('fleet', '--data-dir', ROOT, '--by', 'model');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Runs: ${summary.runs} `);
    expect(text.stdout).toContain('By model:');
    expect(text.stdout).toContain('Most failing steps');
    const bad = await cli('fleet', '--data-dir', ROOT, '--by', 'color');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--by takes one of');
    const missing = await cli('fleet', '--data-dir', join(ROOT, 'no-such-dir'));
    expect(missing.code).toBe(2);
  });
});
