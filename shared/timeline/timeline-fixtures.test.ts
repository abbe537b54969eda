/** The timeline model against the generated fixtures, built through main's run detail. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLargeRun } from '../../scripts/generate-fixtures';
import { loadRunDetail } from '../../src-main/engine/run-stages';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import type { RunSummary } from '../library';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import type { RunDetail } from '../run/run-detail-types';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const manifest = JSON.parse(readFileSync(join(EXAMPLES, 'fixtures', 'manifest.json'), 'utf8')) as { runs: Array<{ dataDir: string; runId: string; shows: string }> };
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function detailOf(dataDir: string, runId: string): Promise<RunDetail> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const summary = { runId, dataDir } as unknown as RunSummary;
    const detail = await loadRunDetail(reader.value, runId, { summary, siblings: [], table: BUNDLED_PRICE_TABLE });
    if (!detail.ok) throw new Error(detail.error.message);
    return detail.value;
  } finally {
    reader.value.close();
  }
}

/** The fixture run whose `shows` text contains `text`. */
async function fixture(text: string): Promise<RunDetail> {
  const row = manifest.runs.find((r) => r.shows.includes(text) && r.dataDir.startsWith('fixtures/'));
  if (!row) throw new Error(`no fixture shows ${text}`);
  return detailOf(join(EXAMPLES, row.dataDir), row.runId);
}

const outline = (d: RunDetail) => d.timeline.rows.map((r) => `${'  '.repeat(r.depth)}${r.label} ${r.status}`);

describe('timeline of the generated fixtures', () => {
  it('parallel with retries: branches under attempt groups, keys decoded', async () => {
    const d = await fixture('parallel: review[fast-a]');
    expect(outline(d)).toEqual([
      'review completed',
      '  attempt 1 failed',
      '    [fast-a] completed',
      '      score completed',
      '    [v1.2] failed',
      '      score failed',
      '    [c d] completed',
      '      score completed',
      '  attempt 2 completed',
      '    [fast-a] completed',
      '      score completed',
      '    [v1.2] completed',
      '      score completed',
      '    [c d] completed',
      '      score completed',
    ]);
    expect(d.timeline.rows.find((r) => r.id === 'review@attempt_2[v1%2E2].score')?.marks.map((m) => m.kind)).toEqual(['session', 'tool']);
  });

  it('visits: one group row per visited step, visits as children', async () => {
    const d = await fixture('visits + decisions');
    expect(outline(d)).toEqual(['draft completed', '  visit[0] completed', '  visit[1] completed', 'review completed', '  visit[0] completed', '  visit[1] completed']);
  });

  it('resumed after 42 minutes: one resume break, the attempt spans it, the run stays short on the axis', async () => {
    const d = await fixture('42 min gap');
    const { axis } = d.timeline;
    expect(axis.breaks).toHaveLength(1);
    expect(axis.breaks[0]).toMatchObject({ kind: 'resume' });
    expect(axis.breaks[0].durationMs).toBeGreaterThan(41 * 60_000);
    expect(axis.axisMs).toBeLessThan(10_000);
    const summarize = d.timeline.rows.find((r) => r.id === 'summarize')!;
    expect(summarize.segments[0].a0).toBeLessThan(axis.breaks[0].a0);
    expect(summarize.segments[0].a1).toBeGreaterThan(axis.breaks[0].a1);
    expect(summarize.marks.filter((m) => m.kind === 'session').map((m) => m.status)).toEqual(['crashed', 'completed']);
    expect(d.timeline.resumes).toHaveLength(1);
  });

  it('crashed with a parallel branch in flight: open crashed bars up the tree', async () => {
    const d = await fixture('parallel-branch-open');
    expect(d.timeline.crashed).toBe(true);
    expect(outline(d)).toEqual(['review crashed', '  [fast-a] completed', '    score completed', '  [slow-b] crashed', '    score crashed']);
    const open = d.timeline.rows.find((r) => r.id === 'review[slow-b].score')!.segments[0];
    expect(open).toMatchObject({ open: true, status: 'crashed', a1: d.timeline.axis.axisMs });
  });

  it('planner-only run: its session is a row', async () => {
    const d = await fixture('planner run: only planner harness events');
    expect(d.timeline.stepCount).toBe(0);
    expect(d.timeline.rows.map((r) => r.kind)).toEqual(['session']);
  });

  it('every fixture builds a consistent tree', async () => {
    for (const row of manifest.runs.filter((r) => r.dataDir.startsWith('fixtures/'))) {
      const d = await detailOf(join(EXAMPLES, row.dataDir), row.runId).catch(() => null);
      if (!d) continue;
      d.timeline.rows.forEach((r, i) => {
        expect(r.parent).toBeLessThan(i);
        if (r.parent >= 0) expect(d.timeline.rows[r.parent].depth).toBe(r.depth - 1);
        for (const s of r.segments) expect(s.a1).toBeGreaterThanOrEqual(s.a0);
      });
    }
  });

  it('a generated 5,000-step run builds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'li-timeline-'));
    temps.push(dir);
    const dataDir = join(dir, '.little-workflow');
    const runId = writeLargeRun(dataDir, { events: 5000 * 9 + 3 });
    const d = await detailOf(dataDir, runId);
    expect(d.timeline.stepCount).toBe(5000);
    expect(d.timeline.rows[0]).toMatchObject({ id: 'work', kind: 'visits', descendants: 5000 });
  });
});
