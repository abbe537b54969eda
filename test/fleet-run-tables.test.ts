/**
 * The fleet's per-run tables over the generated fixture root (several little-workflow data dirs,
 * nested harness worlds, session folders, loopctl ledgers): each run's rows add up to its own
 * `little report` (folded the strict way, as `report` does) and its run-list row.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../shared/library';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { runReport, type RunReport } from '../shared/report/run-report';
import { readDataDirTables, readRunTables, readSnapshotTables, stepIdOfPath, visitOfPath, type FleetTables } from '../src-main/fleet/run-tables';
import { loadLibrary } from '../src-main/library/load-library';
import { foldRunStrict } from '../src-main/library/strict-run-log';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { createSourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';

const ROOT = join(EXAMPLES, 'fixtures');
const table = BUNDLED_PRICE_TABLE;

function library() {
  const loaded = loadLibrary(ROOT, table);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function strictReport(run: RunSummary): RunReport | null {
  const reader = openDataDir(run.dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const folded = foldRunStrict(reader.value, run.runId, { table, checkpoints: null });
    return folded.ok ? runReport(folded.value.state()) : null;
  } finally {
    reader.value.close();
  }
}

function close(a: number | null, b: number | null): void {
  if (a === null || b === null) expect(a).toBe(b);
  else expect(a).toBeCloseTo(b, 12);
}

const snapshot = library();
const { tables, diagnostics } = readSnapshotTables(snapshot, table);
const rowsOf = <K extends keyof FleetTables>(name: K, runId: string): FleetTables[K] => tables[name].filter((r) => ('run_id' in r ? r.run_id : r.session_id) === runId) as FleetTables[K];

describe('fleet run tables over the fixture root', () => {
  it('has one runs row per workflow run and one sessions row per harness session', () => {
    expect(diagnostics).toEqual([]);
    const workflowRuns = snapshot.runs.filter((r) => r.source !== 'little-harness');
    const sessions = snapshot.runs.filter((r) => r.source === 'little-harness');
    expect(sessions.length).toBeGreaterThan(0);
    expect(tables.runs.map((r) => `${r.data_dir}|${r.run_id}`).sort()).toEqual(workflowRuns.map((r) => `${r.dataDir}|${r.runId}`).sort());
    expect(tables.sessions.map((s) => s.session_id).sort()).toEqual(sessions.map((s) => s.runId).sort());
    expect(new Set(tables.runs.map((r) => r.source))).toEqual(new Set(['little-workflow', 'loopctl']));
    // Nested harness worlds are workflow runs too.
    expect(tables.runs.some((r) => r.data_dir.includes('.little-harness'))).toBe(true);
  });

  it("sums each little-workflow run's model calls and steps to its own report", () => {
    let compared = 0;
    for (const summary of snapshot.runs.filter((r) => r.source === undefined || r.source === 'little-workflow')) {
      const row = tables.runs.find((r) => r.run_id === summary.runId && r.data_dir === summary.dataDir)!;
      expect(row.crashed).toBe(summary.crashed);
      expect(row.status).toBe(summary.status);
      const report = strictReport(summary);
      if (report === null) {
        expect(row.report_error).not.toBeNull();
        continue;
      }
      compared += 1;
      expect(row.report_error).toBeNull();
      const total = report.total;
      expect([row.input_tokens, row.cached_input_tokens, row.output_tokens, row.reasoning_tokens, row.priced_calls, row.unpriced_calls]).toEqual([
        total.inputTokens, total.cachedInputTokens, total.outputTokens, total.reasoningTokens, total.pricedCalls, total.unpricedCalls,
      ]);
      expect(row.cost_usd).toBe(total.costUsd);
      const calls = tables.model_calls.filter((c) => c.run_id === summary.runId && c.data_dir === summary.dataDir);
      expect(calls.length).toBe(total.pricedCalls + total.unpricedCalls);
      expect(calls.filter((c) => !c.priced).length).toBe(total.unpricedCalls);
      expect(calls.reduce((s, c) => s + c.input_tokens, 0)).toBe(total.inputTokens);
      expect(calls.reduce((s, c) => s + c.output_tokens, 0)).toBe(total.outputTokens);
      const priced = calls.filter((c) => c.priced);
      close(priced.length === 0 ? (calls.length === 0 ? 0 : null) : priced.reduce((s, c) => s + c.cost_usd!, 0), total.costUsd);
      const steps = tables.steps.filter((s) => s.run_id === summary.runId && s.data_dir === summary.dataDir);
      expect(steps.map((s) => s.step_path).sort()).toEqual(report.steps.map((s) => s.stepPath).sort());
      for (const step of report.steps) {
        const stepRow = steps.find((s) => s.step_path === step.stepPath)!;
        expect([stepRow.status, stepRow.input_tokens, stepRow.output_tokens, stepRow.cost_usd, stepRow.unpriced_calls]).toEqual([
          step.status, step.inputTokens, step.outputTokens, step.costUsd, step.unpricedCalls,
        ]);
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it("takes loopctl runs' usage from their run-list rows", () => {
    const loopctl = snapshot.runs.filter((r) => r.source === 'loopctl');
    expect(loopctl.length).toBeGreaterThan(3);
    for (const summary of loopctl) {
      const row = rowsOf('runs', summary.runId)[0];
      expect([row.cost_usd, row.input_tokens, row.output_tokens, row.status, row.crashed]).toEqual([summary.costUsd, summary.inputTokens, summary.outputTokens, summary.status, summary.crashed]);
      expect(rowsOf('model_calls', summary.runId).length).toBe(row.model_calls);
      expect(rowsOf('tool_calls', summary.runId).length).toBe(row.tool_calls);
    }
  });

  it('counts a retried step as two attempts, one failed, with the call cost of each', () => {
    const retry = fixtureRun('retry: fetch attempt_1 StepFailed retriable');
    const step = rowsOf('steps', retry.runId).find((s) => s.step_path === 'fetch')!;
    expect([step.attempts, step.failed_attempts, step.status, step.step_id]).toEqual([2, 1, 'completed', 'fetch']);
    const attempts = rowsOf('attempts', retry.runId).filter((a) => a.step_path === 'fetch');
    expect(attempts.map((a) => [a.attempt, a.attempt_id, a.status])).toEqual([[1, 'attempt_1', 'failed'], [2, 'attempt_2', 'completed']]);
    expect(attempts[0].error).not.toBeNull();
    const run = rowsOf('runs', retry.runId)[0];
    expect(run.failed_attempts).toBe(1);
    // Each attempt's calls are the run's calls made while it was the step's current attempt.
    const calls = rowsOf('model_calls', retry.runId);
    for (const attempt of attempts) expect(attempt.model_calls).toBe(calls.filter((c) => c.step_path === 'fetch' && c.attempt_id === attempt.attempt_id).length);
    expect(run.failed_attempt_cost_usd).toBe(attempts[0].cost_usd);
  });

  it('counts resumes and their downtime from the harness view', () => {
    const resumed = fixtureRun('resumed after tool-call-in-flight crash (17 min gap)');
    const run = rowsOf('runs', resumed.runId)[0];
    expect(run.resumes).toBe(1);
    expect(run.resume_downtime_ms).toBeGreaterThanOrEqual(17 * 60_000);
    expect(run.resume_downtime_ms).toBeLessThan(18 * 60_000);
    const plain = rowsOf('runs', fixtureRun('cleanly closed data dir').runId)[0];
    expect([plain.resumes, plain.resume_downtime_ms]).toEqual([0, 0]);
  });

  it('keeps an unpriced cost null and a partial one with its unpriced count', () => {
    const unpriced = rowsOf('runs', fixtureRun('unpriced: demo/planner-stub').runId)[0];
    expect([unpriced.cost_usd, unpriced.unpriced_calls]).toEqual([null, 1]);
    const partial = rowsOf('runs', fixtureRun('partially priced').runId)[0];
    expect(partial.cost_usd).toBeGreaterThan(0);
    expect(partial.unpriced_calls).toBe(1);
    const calls = rowsOf('model_calls', fixtureRun('partially priced').runId);
    expect(calls.map((c) => c.priced).sort()).toEqual([false, true]);
    expect(calls.find((c) => !c.priced)!.cost_usd).toBeNull();
  });

  it('lists tool calls with their status and error', () => {
    const inFlight = rowsOf('tool_calls', fixtureRun('crashed tool-call-in-flight').runId);
    expect(inFlight.some((c) => c.status === 'in-flight' || c.status === 'orphaned')).toBe(true);
    const failed = rowsOf('tool_calls', fixtureRun('step_failed: tool.call fails terminally').runId);
    expect(failed.some((c) => c.status === 'failed' && c.error !== null)).toBe(true);
  });

  it('gives one run the same rows through its source as through its data dir', async () => {
    const registry = createSourceRegistry();
    try {
      for (const text of ['retry: fetch attempt_1', 'loopctl success', 'resumed parallel']) {
        const row = fixtureRun(text);
        const summary = snapshot.runs.find((r) => r.runId === row.runId && r.dataDir === row.dir)!;
        const dir = snapshot.dataDirs.find((d) => d.path === summary.dataDir)!;
        const one = await readRunTables(registry.sourceOf(dir), summary, table);
        expect(one.ok).toBe(true);
        expect(one.ok && one.value).toEqual(readDataDirTables(dir, [summary], table).tables);
      }
      const session = snapshot.runs.find((r) => r.source === 'little-harness')!;
      const dir = snapshot.dataDirs.find((d) => d.path === session.dataDir)!;
      const read = await readRunTables(registry.sourceOf(dir), session, table);
      expect(read.ok && read.value.sessions.map((s) => s.session_id)).toEqual([session.runId]);
    } finally {
      registry.dispose();
    }
  });

  it('names step ids and visits from their paths when no event says them', () => {
    expect(['fetch', 'draft.visit[2]', 'review[fast-a]', 'review@attempt_2[c%20d]', 'review[fast-a].score', 'review[k].score.visit[1]'].map((p) => [stepIdOfPath(p), visitOfPath(p)])).toEqual([
      ['fetch', 0], ['draft', 2], ['review', 0], ['review', 0], ['score', 0], ['score', 1],
    ]);
  });
});
