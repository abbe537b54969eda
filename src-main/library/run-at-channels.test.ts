import { describe, expect, it } from 'vitest';
import { diffRuns } from '../../shared/compare/run-diff';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { EXAMPLES, fixtureRun } from '../../test/support/fixture-manifest';
import { openedCore } from '../../test/support/opened-core';
import { loadDiffSide } from './diff-side';
import { loadRunDetailAt } from './run-detail-at';

// Time travel in the app: every run-level channel takes `at`, and the head, lists and plan it
// answers are the model `plan --at` reads (one implementation); `run.diff` is `diff --json` plus
// activity; `run.seek` walks step boundaries.
const openCore = () => openedCore(EXAMPLES, { live: false });

describe('run channels as of an event', () => {
  it('run.detail at N is the plan --at model: boundary, state and counts as if it died after N', async () => {
    const core = await openCore();
    const run = fixtureRun('demo completed (priced');
    const ref = { dataDir: run.dir, runId: run.runId };
    const now = await core.handlers['run.detail'](ref);
    if (!now.ok) throw new Error(now.error.message);
    expect(now.value.state.status).toBe('completed');
    for (const at of [1, 3, Math.floor(now.value.lastSequence / 2), now.value.lastSequence - 1]) {
      const head = await core.handlers['run.detail']({ ...ref, at });
      if (!head.ok) throw new Error(head.error.message);
      const cli = loadRunDetailAt(run.dir, run.runId, { table: BUNDLED_PRICE_TABLE, upto: at });
      if (!cli.ok) throw new Error(cli.error.message);
      expect(head.value.ref).toEqual({ ...ref, at });
      expect(head.value.lastSequence).toBe(at);
      expect(head.value.state).toEqual(JSON.parse(JSON.stringify(cli.value.state)));
      expect(head.value.boundary?.verdict).toEqual(cli.value.boundary?.verdict);
      expect(head.value.boundary?.resumePlan.stepsRerun).toEqual(cli.value.boundary?.resumePlan.stepsRerun);
      expect(head.value.steps.count).toBe(cli.value.steps.length);
      // The lists come from the same model.
      const steps = await core.handlers['run.slice']({ ...ref, at, spec: { section: 'steps', from: 0, count: 1000 } });
      if (!steps.ok) throw new Error(steps.error.message);
      expect(steps.value.total).toBe(cli.value.steps.length);
    }
    // The run as it is now is still served (its model was not replaced by the ones at N).
    const again = await core.handlers['run.detail'](ref);
    expect(again.ok && again.value.state.status).toBe('completed');
    core.close();
  });

  it('run.diff equals the CLI diff of the same two sides, with activity for every aligned step', async () => {
    const core = await openCore();
    const good = fixtureRun('demo completed (priced');
    const bad = fixtureRun('demo failed (step_failed on fetch)');
    const answer = await core.handlers['run.diff']({ a: { dataDir: good.dir, runId: good.runId }, b: { dataDir: bad.dir, runId: bad.runId } });
    if (!answer.ok) throw new Error(answer.error.message);
    const [a, b] = [loadDiffSide(good.dir, good.runId, BUNDLED_PRICE_TABLE), loadDiffSide(bad.dir, bad.runId, BUNDLED_PRICE_TABLE)];
    if (!a.ok || !b.ok) throw new Error('sides');
    expect(answer.value.diff).toEqual(JSON.parse(JSON.stringify(diffRuns(a.value, b.value))));
    expect(answer.value.diff.firstDivergence).toBe('fetch');
    expect(Object.keys(answer.value.activity)).toEqual(answer.value.diff.steps.map((s) => s.stepPath));
    expect(answer.value.activity.fetch?.b?.error).not.toBeNull();
    expect(answer.value.activity.summarize?.b).toBeNull();
    // A run against itself as of an earlier event: the later steps are "added" on B's side.
    const self = await core.handlers['run.diff']({ a: { dataDir: good.dir, runId: good.runId, at: 4 }, b: { dataDir: good.dir, runId: good.runId } });
    if (!self.ok) throw new Error(self.error.message);
    expect(self.value.diff.a.eventCount).toBe(4);
    expect(self.value.diff.steps.some((s) => s.status.a === null && s.status.b !== null)).toBe(true);
    core.close();
  });

  it('run.diff refuses data dirs outside the opened library and names unreadable runs', async () => {
    const core = await openCore();
    const good = fixtureRun('demo completed (priced');
    const outside = await core.handlers['run.diff']({ a: { dataDir: '/tmp', runId: good.runId }, b: { dataDir: good.dir, runId: good.runId } });
    expect(outside.ok ? null : outside.error.code).toBe('invalid-argument');
    const missing = await core.handlers['run.diff']({ a: { dataDir: good.dir, runId: good.runId }, b: { dataDir: good.dir, runId: 'run_not_here' } });
    expect(missing.ok ? null : missing.error.code).toBe('run-not-found');
    core.close();
  });

  it('run.seek moves between Step* events, and says null past either end', async () => {
    const core = await openCore();
    const run = fixtureRun('demo completed (priced');
    const ref = { dataDir: run.dir, runId: run.runId };
    const rows = await core.handlers['run.slice']({ ...ref, spec: { section: 'events', from: 0, count: 1000 } });
    if (!rows.ok) throw new Error(rows.error.message);
    const boundaries = (rows.value.items as Array<{ sequence: number; type: string } | null>).filter((r) => r !== null && r.type.startsWith('Step')).map((r) => r!.sequence);
    expect(boundaries.length).toBeGreaterThan(2);
    const seek = async (from: number, direction: 'next' | 'previous') => {
      const r = await core.handlers['run.seek']({ ...ref, from, direction });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(await seek(0, 'next')).toBe(boundaries[0]);
    expect(await seek(boundaries[0]!, 'next')).toBe(boundaries[1]);
    expect(await seek(boundaries[1]!, 'previous')).toBe(boundaries[0]);
    // From an event between boundaries: the nearest one on each side.
    const between = rows.value.items.map((r) => (r as { sequence: number } | null)?.sequence).find((q) => q !== undefined && q > boundaries[0]! && !boundaries.includes(q))!;
    expect(await seek(between, 'previous')).toBe(boundaries.filter((q) => q < between).at(-1));
    expect(await seek(between, 'next')).toBe(boundaries.find((q) => q > between));
    expect(await seek(boundaries.at(-1)!, 'next')).toBeNull();
    expect(await seek(boundaries[0]!, 'previous')).toBeNull();
    core.close();
  });
});
