import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, type LibraryQuery } from '../../stores/library-query';
import { runDisplayStatus } from '../../../shared/status/display-status';
import { facetValues, statusCounts } from './run-filters';
import { ambiguousRunIds, buildRunTree, loopFacts, runRowKey, type ListRow } from './run-tree';
import { dir, run, syntheticRuns } from '../../../test/support/library-runs';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const q = (over: Partial<LibraryQuery> = {}): LibraryQuery => ({ ...DEFAULT_QUERY, ...over });
const ids = (rows: ListRow[]) => rows.map((r) => (r.kind === 'run' ? r.run.runId : r.kind === 'loop' ? `loop:${r.outerLoopId}` : `dir:${r.dir.label}`));

const dataDirs = [dir('/d/b', { kind: 'harness-session', sessionKey: 'sess_x' }), dir('/d/a')];
const runs = [
  run('run_top', { startedAt: '2026-11-20T09:00:00.000Z', label: 'Docs digest', tags: ['orchestrated'], statusInferred: true, costUsd: 0.02 }),
  run('run_sub1', { parentRunId: 'run_top', startedAt: '2026-11-20T09:00:01.000Z', costUsd: 0.0003 }),
  run('run_sub2', { parentRunId: 'run_top', status: 'failed', startedAt: '2026-11-20T09:00:02.000Z', costUsd: 0 }),
  run('run_planner', { parentRunId: 'run_top', status: 'pending', statusInferred: true, startedAt: '2026-11-20T09:00:00.500Z', costUsd: null }),
  run('run_crash', { status: 'running', crashed: true, finishedAt: null, verdict: 'no terminal event; run lock owner process is dead', startedAt: '2026-11-20T11:30:00.000Z', costUsd: 0, eventCount: 40 }),
  run('run_live', { status: 'running', finishedAt: null, startedAt: '2026-11-20T11:59:00.000Z', costUsd: null }),
  run('run_c1', { outerLoopId: 'ol_1', startedAt: '2026-11-19T09:00:00.000Z' }),
  run('run_c2', { outerLoopId: 'ol_1', status: 'running', crashed: true, finishedAt: null, startedAt: '2026-11-19T09:01:00.000Z' }),
  run('run_orphan', { parentRunId: 'run_elsewhere', startedAt: '2026-11-10T09:00:00.000Z' }),
  run('run_harness', { dataDir: '/d/b', tags: ['nightly'], workflowVersionId: 'wfver_b' }),
];
const snapshot = { dataDirs, runs };

describe('buildRunTree', () => {
  it('groups by data dir (workflow worlds first), nests sub-runs collapsed and loops open, newest first', () => {
    const tree = buildRunTree(snapshot, q(), {}, NOW);
    expect(ids(tree.rows)).toEqual(['dir:d/a', 'run_live', 'run_crash', 'run_top', 'loop:ol_1', 'run_c1', 'run_c2', 'run_orphan', 'dir:d/b', 'run_harness']);
    const top = tree.rows.find((r) => r.kind === 'run' && r.run.runId === 'run_top');
    expect(top).toMatchObject({ childCount: 3, expanded: false, depth: 0 });
    expect(tree.rows.find((r) => r.kind === 'run' && r.run.runId === 'run_orphan')).toMatchObject({ parentHint: 'run_elsewhere', depth: 0 });
    expect(tree).toMatchObject({ total: 10, matched: 10 });
  });

  it('expanding a parent shows its sub-runs one level deeper, sorted like the list', () => {
    const tree = buildRunTree(snapshot, q({ sort: 'cost', dir: 'desc' }), { [runRowKey(runs[0])]: true }, NOW);
    const at = ids(tree.rows).indexOf('run_top');
    expect(ids(tree.rows).slice(at, at + 4)).toEqual(['run_top', 'run_sub1', 'run_sub2', 'run_planner']);
    expect(tree.rows[at + 1]).toMatchObject({ depth: 1, parentHint: null });
  });

  it('collapsing a data dir or a loop hides its rows', () => {
    const tree = buildRunTree(snapshot, q(), { 'dir:/d/b': false, 'loop:/d/a\u0000ol_1': false }, NOW);
    expect(ids(tree.rows)).toEqual(['dir:d/a', 'run_live', 'run_crash', 'run_top', 'loop:ol_1', 'run_orphan', 'dir:d/b']);
  });

  it('an outer loop sums its cycles and is crashed when one cycle crashed', () => {
    const facts = loopFacts([runs[6], runs[7]]);
    expect(facts).toMatchObject({ status: 'crashed', eventCount: 20, startedAt: '2026-11-19T09:00:00.000Z', finishedAt: null, costUsd: 0.002 });
  });

  it('filters list matches flat inside their data dir, with parent and loop hints', () => {
    const tree = buildRunTree(snapshot, q({ statuses: ['crashed'] }), {}, NOW);
    expect(ids(tree.rows)).toEqual(['dir:d/a', 'run_crash', 'run_c2']);
    expect(tree.rows[2]).toMatchObject({ loopHint: 'ol_1', depth: 0 });
    expect(tree.rows[0]).toMatchObject({ total: 9, shown: 2 });
    expect(tree.matched).toBe(2);
  });

  it('crashed is its own status, never counted as running', () => {
    expect(runDisplayStatus(runs[4])).toBe('crashed');
    expect(runDisplayStatus(runs[5])).toBe('running');
    expect(statusCounts(runs, q(), NOW)).toEqual({ completed: 5, failed: 1, running: 1, crashed: 2, pending: 1 });
    expect(ids(buildRunTree(snapshot, q({ statuses: ['running'] }), {}, NOW).rows)).toEqual(['dir:d/a', 'run_live']);
  });

  it('status counts are faceted on the other filters', () => {
    expect(statusCounts(runs, q({ text: 'run_c', statuses: ['completed'] }), NOW)).toEqual({ completed: 1, failed: 0, running: 0, crashed: 2, pending: 0 });
  });

  it.each<[string, Partial<LibraryQuery>, string[]]>([
    ['text over ids (newest first)', { text: 'SUB' }, ['run_sub2', 'run_sub1']],
    ['text over labels', { text: 'digest' }, ['run_top']],
    ['text over tags', { text: 'night' }, ['run_harness']],
    ['version', { version: 'wfver_b' }, ['run_harness']],
    ['label as tag', { tag: 'Docs digest' }, ['run_top']],
    ['tag', { tag: 'nightly' }, ['run_harness']],
    ['last hour', { time: 'hour' }, ['run_live', 'run_crash']],
    ['unpriced', { cost: 'unpriced' }, ['run_live', 'run_planner']],
    ['cost over $0.01', { cost: 'over', costOver: 0.01 }, ['run_top']],
    ['events over 20', { eventsOver: 20 }, ['run_crash']],
  ])('filters by %s', (_, over, expected) => {
    const rows = buildRunTree(snapshot, q(over), {}, NOW).rows.filter((r) => r.kind === 'run');
    expect(ids(rows)).toEqual(expected);
  });

  it('"has cost" keeps $0 runs (priced, made no call) and drops unpriced ones', () => {
    const rows = buildRunTree(snapshot, q({ cost: 'priced' }), {}, NOW).rows;
    expect(ids(rows)).toContain('run_crash');
    expect(ids(rows)).not.toContain('run_planner');
  });

  it('sorting by cost puts unpriced runs last in both directions', () => {
    for (const d of ['asc', 'desc'] as const) {
      const order = ids(buildRunTree(snapshot, q({ sort: 'cost', dir: d, text: 'run_' }), {}, NOW).rows.filter((r) => r.kind === 'run' && r.run.dataDir === '/d/a'));
      expect(order.slice(-2).sort()).toEqual(['run_live', 'run_planner']);
    }
  });

  it('a parentRunId cycle loses no run', () => {
    const cyc = [run('run_x', { parentRunId: 'run_y' }), run('run_y', { parentRunId: 'run_x' })];
    const rows = buildRunTree({ dataDirs: [dir('/d/a')], runs: cyc }, q(), {}, NOW).rows;
    expect(rows.filter((r) => r.kind === 'run')).toHaveLength(1);
    const open = buildRunTree({ dataDirs: [dir('/d/a')], runs: cyc }, q(), { [runRowKey(cyc[0])]: true, [runRowKey(cyc[1])]: true }, NOW).rows;
    expect(ids(open).sort()).toEqual(['dir:d/a', 'run_x', 'run_y']);
  });

  it('finds ambiguous run ids and distinct facets', () => {
    expect([...ambiguousRunIds([run('run_a'), run('run_a', { dataDir: '/d/b' }), run('run_b')])]).toEqual(['run_a']);
    expect(facetValues(runs)).toEqual({ versions: ['wfver_a', 'wfver_b'], tags: ['Docs digest', 'nightly', 'orchestrated'] });
  });
});

describe('scale: 20k runs', () => {
  // Work is counted, not timed (the machine is shared; `npm run bench` times these on 20k runs):
  // every property read of a run summary goes through a counting proxy, and ten times the runs
  // must cost about ten times the reads. n log n sorting gives ~13x; an O(n²) pass gives ~100x.
  const counted = (n: number) => {
    const counter = { reads: 0 };
    const { runs: plain, dataDirs: dirs } = syntheticRuns(n);
    const proxied = plain.map((r) => new Proxy(r, { get: (target, key, receiver) => ((counter.reads += 1), Reflect.get(target, key, receiver)) }));
    const expandAll: Record<string, boolean> = {};
    for (const r of plain) expandAll[runRowKey(r)] = true;
    return { counter, data: { runs: proxied, dataDirs: dirs }, expandAll };
  };
  const cases: Array<[string, (c: ReturnType<typeof counted>) => unknown]> = [
    ['tree', (c) => buildRunTree(c.data, q(), c.expandAll, NOW)],
    ['sorted by cost', (c) => buildRunTree(c.data, q({ sort: 'cost' }), {}, NOW)],
    ['text + status', (c) => buildRunTree(c.data, q({ text: 'run_1', statuses: ['crashed', 'failed'] }), {}, NOW)],
    ['status counts', (c) => statusCounts(c.data.runs, q({ text: '9' }), NOW)],
    ['facets', (c) => facetValues(c.data.runs)],
  ];

  it.each(cases)('%s: 10x the runs cost at most 20x the reads of run fields', (_name, fn) => {
    const reads = (n: number) => {
      const c = counted(n);
      fn(c);
      return c.counter.reads;
    };
    const small = reads(2_000);
    const large = reads(20_000);
    expect(small).toBeGreaterThan(0);
    expect(large / small).toBeLessThan(20);
  });

  it('lists all 20k runs when every parent is expanded', () => {
    const c = counted(20_000);
    const tree = buildRunTree(c.data, q(), c.expandAll, NOW);
    expect(tree.rows.filter((r) => r.kind === 'run')).toHaveLength(20_000);
  });
});

describe('scale: 100,000 runs', () => {
  const N = 100_000;
  const chain = () => Array.from({ length: N }, (_, i) => run(`run_c${i}`, { parentRunId: i === 0 ? null : `run_c${i - 1}`, startedAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString() }));

  it('a 100,000-deep chain of sub-runs, every one expanded, lists each run once at its depth (no stack overflow)', () => {
    const runs = chain();
    const expandAll: Record<string, boolean> = {};
    for (const r of runs) expandAll[runRowKey(r)] = true;
    const tree = buildRunTree({ dataDirs: [dir('/d/a')], runs }, q(), expandAll, NOW);
    const runRows = tree.rows.filter((r) => r.kind === 'run');
    expect(runRows).toHaveLength(N);
    const wrong = runRows.findIndex((row, i) => row.run.runId !== `run_c${i}` || row.depth !== i || row.childCount !== (i === N - 1 ? 0 : 1));
    expect(wrong).toBe(-1);
  });

  it('the same chain collapsed shows its top run; opened halfway down it stops at the first closed parent', () => {
    const runs = chain();
    expect(ids(buildRunTree({ dataDirs: [dir('/d/a')], runs }, q(), {}, NOW).rows)).toEqual(['dir:d/a', 'run_c0']);
    const open: Record<string, boolean> = {};
    for (const r of runs.slice(0, 50_000)) open[runRowKey(r)] = true;
    const rows = buildRunTree({ dataDirs: [dir('/d/a')], runs }, q(), open, NOW).rows.filter((r) => r.kind === 'run');
    expect(rows).toHaveLength(50_001);
    expect(rows[50_000]).toMatchObject({ depth: 50_000, expanded: false });
  });

  it('a parentRunId cycle of 100,000 runs lists every run once', () => {
    const runs = chain();
    runs[0] = { ...runs[0], parentRunId: `run_c${N - 1}` };
    const expandAll: Record<string, boolean> = {};
    for (const r of runs) expandAll[runRowKey(r)] = true;
    const rows = buildRunTree({ dataDirs: [dir('/d/a')], runs }, q(), expandAll, NOW).rows.filter((r) => r.kind === 'run');
    expect(new Set(rows.map((r) => r.run.runId)).size).toBe(N);
    expect(rows).toHaveLength(N);
  });

  it('100,000 flat runs list newest first, and a filter keeps exactly its matches', () => {
    const runs = Array.from({ length: N }, (_, i) => run(`run_f${i}`, { status: i % 10 === 0 ? 'failed' : 'completed', startedAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString() }));
    const tree = buildRunTree({ dataDirs: [dir('/d/a')], runs }, q(), {}, NOW);
    const shown = tree.rows.filter((r) => r.kind === 'run');
    expect(shown).toHaveLength(N);
    expect(shown[0].run.runId).toBe(`run_f${N - 1}`);
    expect(shown[N - 1].run.runId).toBe('run_f0');
    const failed = buildRunTree({ dataDirs: [dir('/d/a')], runs }, q({ statuses: ['failed'] }), {}, NOW);
    expect(failed.matched).toBe(N / 10);
    expect(failed.rows.filter((r) => r.kind === 'run').every((r) => r.kind === 'run' && r.run.status === 'failed')).toBe(true);
  });
});
