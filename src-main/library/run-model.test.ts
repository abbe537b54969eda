import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLargeRun } from '../../scripts/fixtures/scenarios/large-run';
import { CHART_STEP_LIMIT } from '../../shared/costs/cost-data';
import { EXAMPLES, fixtureRun } from '../../test/support/fixture-manifest';
import { sliceItems, type TimelineFold } from '../../shared/run/run-head-types';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { createInspectorCore } from '../core/inspector-core';
import { costsModel, createRunModel, MAX_CUMULATIVE_POINTS, prepareRunModel, thinPoints } from '../../shared/run/run-model';
import { HEAD_SKIPPED_STEPS } from '../../shared/run/run-head';

// The run model cuts one run's detail into the pieces the run view fetches; every piece must
// agree with the whole detail it came from.
async function detailOf(text: string): Promise<RunDetail> {
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
  const opened = await core.openPath(EXAMPLES);
  if (!opened.ok) throw new Error(opened.error.message);
  const run = fixtureRun(text);
  const detail = await core.runDetail({ dataDir: run.dir, runId: run.runId });
  core.close();
  if (!detail.ok) throw new Error(detail.error.message);
  return detail.value;
}

// Staleness of rates is judged at this instant.
const NOW = new Date('2026-12-01T00:00:00Z');

const timelineIds = (model: ReturnType<typeof createRunModel>, fold: TimelineFold) =>
  sliceItems(model.slice({ section: 'timeline', from: 0, count: 1000, fold }), 'timeline').map((item) => item.row.id);

describe('run model', () => {
  it('the head carries counts, not lists, and is far smaller than the detail', async () => {
    const detail = await detailOf('parallel: review[fast-a]');
    const model = createRunModel(prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW));
    const head = model.head();
    expect(head.steps.count).toBe(detail.steps.length);
    expect(Object.values(head.steps.byStatus).reduce((a, b) => a + b, 0)).toBe(detail.steps.length);
    expect(model.timeline().rowCount).toBe(detail.timeline.rows.length);
    expect(model.timeline()).not.toHaveProperty('rows');
    expect(head.harness.counts.modelTurns).toBe(detail.harness.modelTurns.length);
    expect(head.report?.rowCount).toBe(detail.report!.steps.length + (detail.report!.unattributed ? 1 : 0));
    expect(head).not.toHaveProperty('timeline');
    expect(JSON.stringify(head).length).toBeLessThan(JSON.stringify(detail).length / 2);
  });

  it('timeline windows hide folded subtrees, and "all folded" shows the top rows plus the opened groups', async () => {
    const detail = await detailOf('parallel: review[fast-a]');
    const model = createRunModel(prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW));
    const rows = detail.timeline.rows;
    expect(timelineIds(model, { allCollapsed: false, ids: [] })).toEqual(rows.map((r) => r.id));
    const group = rows.find((r) => r.descendants > 0)!;
    const groupAt = rows.indexOf(group);
    const hidden = new Set(rows.slice(groupAt + 1, groupAt + 1 + group.descendants).map((r) => r.id));
    expect(timelineIds(model, { allCollapsed: false, ids: [group.id] })).toEqual(rows.filter((r) => !hidden.has(r.id)).map((r) => r.id));
    const top = rows.filter((r) => r.depth === 0).map((r) => r.id);
    expect(timelineIds(model, { allCollapsed: true, ids: [] })).toEqual(top);
    // Opening one top-level group under "all folded" shows its children (themselves folded).
    const opened = timelineIds(model, { allCollapsed: true, ids: [group.id] });
    const children = rows.filter((r) => r.parent === groupAt).map((r) => r.id);
    expect(opened).toEqual(expect.arrayContaining([...top, ...children]));
    expect(opened).toHaveLength(top.length + children.length);
    // Windows are cut from the visible list; their items keep their index among all rows.
    const window = sliceItems(model.slice({ section: 'timeline', from: 2, count: 3, fold: { allCollapsed: false, ids: [] } }), 'timeline');
    expect(window.map((w) => w.index)).toEqual([2, 3, 4]);
    expect(window.map((w) => w.row)).toEqual(rows.slice(2, 5));
  });

  it('step windows filter by path in main and report where a step is', async () => {
    const detail = await detailOf('parallel: review[fast-a]');
    const model = createRunModel(prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW));
    const all = model.slice({ section: 'steps', from: 0, count: 1000 });
    expect(all.total).toBe(detail.steps.length);
    const query = model.slice({ section: 'steps', from: 0, count: 1000, query: 'REVIEW', find: detail.steps.at(-1)!.stepPath });
    const expected = detail.steps.filter((s) => s.stepPath.toLowerCase().includes('review'));
    expect(sliceItems(query, 'steps').map((s) => s.stepPath)).toEqual(expected.map((s) => s.stepPath));
    expect(query.found).toBe(expected.findIndex((s) => s.stepPath === detail.steps.at(-1)!.stepPath));
    expect(model.slice({ section: 'steps', from: 0, count: 1, find: 'no such step' }).found).toBe(-1);
    expect(model.step('no such step')).toBeNull();
    const session = detail.harness.sessions.find((s) => s.stepPath !== undefined);
    if (session) expect(model.step(session.stepPath!)?.sessions.map((s) => s.id)).toContain(session.id);
  });

  it('turn windows name exactly the harness items of their rows, and pages add up to the whole list', async () => {
    const detail = await detailOf('resumed after model-call-in-flight crash');
    const data = prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW);
    const model = createRunModel(data);
    const pages = [0, 1, 2, 3].map((p) => model.slice({ section: 'turns', from: p * 3, count: 3 }));
    expect(pages.flatMap((p) => sliceItems(p, 'turns'))).toEqual(data.turnRows.slice(0, 12));
    for (const page of pages) {
      const turnIds = sliceItems(page, 'turns').flatMap((r) => (r.kind === 'turn' ? [r.turnId] : []));
      expect(Object.keys(page.refs!.modelTurns).map(Number).sort()).toEqual([...turnIds].sort());
    }
    const turn = detail.harness.modelTurns[0];
    const refs = model.harness({ kind: 'turn', id: turn.id })!;
    expect(Object.keys(refs.toolCalls).map(Number)).toEqual(turn.toolCallItemIds);
    expect(model.harness({ kind: 'session', id: 99_999 })).toBeNull();
    // The resumed sessions are in the head, for the crash view's "earlier resumes".
    const head = model.head();
    for (const r of head.harness.resumes) expect(head.harness.refs.sessions[r.sessionId]?.id).toBe(r.sessionId);
  });

  it('costs of a 600-step run: top 25 per chart, the thinned cumulative line ends on the report total', async () => {
    const root = mkdtempSync(join(tmpdir(), 'li-costs-'));
    try {
      const runId = writeLargeRun(join(root, '.little-workflow'), { events: 5_500 });
      const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
      const opened = await core.openPath(root);
      if (!opened.ok) throw new Error(opened.error.message);
      const detail = await core.runDetail({ dataDir: opened.value.dataDirs[0].path, runId });
      core.close();
      if (!detail.ok) throw new Error(detail.error.message);
      const costs = costsModel(detail.value, BUNDLED_PRICE_TABLE, NOW);
      expect(costs.stepsWithCalls).toBe(detail.value.steps.length);
      expect(costs.stepsWithCalls).toBeGreaterThan(CHART_STEP_LIMIT);
      expect(costs.stepCosts).toHaveLength(CHART_STEP_LIMIT);
      expect(costs.stepTokens).toHaveLength(CHART_STEP_LIMIT);
      expect(costs.callCount).toBe(detail.value.state.usage.pricedCalls + detail.value.state.usage.unpricedCalls);
      expect(costs.firstCalls).toHaveLength(Math.min(200, costs.callCount));
      // The harness turns priced in main add up to what little report charges for the run.
      expect(costs.points.at(-1)!.cumulativeUsd).toBeCloseTo(detail.value.report!.total.costUsd!, 9);
      expect(costs.points.length).toBeLessThanOrEqual(MAX_CUMULATIVE_POINTS + 1);
      // The plan of a 600-step run skips 600 steps: the head names the first, the window the rest.
      const model = createRunModel(prepareRunModel(detail.value, BUNDLED_PRICE_TABLE, NOW));
      const head = model.head();
      const all = detail.value.boundary!.resumePlan.stepsSkipped;
      expect(all.length).toBe(detail.value.steps.length);
      expect(head.stepsSkippedCount).toBe(all.length);
      expect(head.boundary!.resumePlan.stepsSkipped).toEqual(all.slice(0, HEAD_SKIPPED_STEPS));
      const tail = model.slice({ section: 'skipped', from: all.length - 10, count: 100 });
      expect(tail.total).toBe(all.length);
      expect(sliceItems(tail, 'skipped')).toEqual(all.slice(-10));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('thinning keeps the order and the last point, and leaves short lines alone', () => {
    const points = Array.from({ length: 10_001 }, (_, i) => ({ ms: i, cumulativeUsd: i, callUsd: 1, model: 'm' }));
    const thin = thinPoints(points, 500);
    expect(thin.length).toBeLessThanOrEqual(501);
    expect(thin.at(-1)).toEqual(points.at(-1));
    expect(thin.every((p, i) => i === 0 || p.ms > thin[i - 1].ms)).toBe(true);
    expect(thinPoints(points.slice(0, 10), 500)).toEqual(points.slice(0, 10));
  });

  it('report windows and the report text cover every row', async () => {
    const detail = await detailOf('parallel: review[fast-a]');
    const model = createRunModel(prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW));
    const rows = sliceItems(model.slice({ section: 'report', from: 0, count: 1000 }), 'report');
    expect(rows.map((r) => r.stepPath)).toEqual([...detail.report!.steps, ...(detail.report!.unattributed ? [detail.report!.unattributed] : [])].map((r) => r.stepPath));
    for (const row of rows) expect(model.reportText()).toContain(row.stepPath);
  });
});
