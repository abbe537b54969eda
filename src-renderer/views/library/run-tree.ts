/**
 * The run list's rows: data-dir groups, outer-loop groups and runs with their sub-runs nested
 * (by `parentRunId`), filtered, sorted and flattened by what is expanded. Pure, O(n log n).
 *
 * While a filter is active the matches are listed flat inside their data dir (with a hint
 * naming the parent or loop), so a match is never hidden inside a collapsed parent.
 */
import { runKey, runKeyOf } from '../../../shared/run/run-key';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../../shared/library';
import { groupDisplayStatus } from '../../../shared/status/display-status';
import { runRowTotals } from '../../../shared/run/run-row-totals';
import { isFiltered, type LibraryQuery } from '../../stores/library-query';
import { durationMs, queryPredicate } from './run-filters';
import { compareFacts, runFacts, type SortFacts } from './run-sort';
import { groupFindingsRank } from '../../stores/run-findings';

/** Aggregated facts of an outer loop: its cycles summed up. */
export type LoopFacts = SortFacts & { finishedAt: string | null; inputTokens: number | null; outputTokens: number | null };

/** One row of the flattened list. */
export type ListRow =
  | { kind: 'dir'; key: string; dir: DataDirInfo; total: number; shown: number; expanded: boolean }
  | { kind: 'loop'; key: string; outerLoopId: string; depth: number; cycleCount: number; expanded: boolean; facts: LoopFacts }
  | {
      kind: 'run';
      key: string;
      run: RunSummary;
      dirLabel: string;
      depth: number;
      /** Direct sub-runs (0 in flat, filtered mode). */
      childCount: number;
      /** Null when the run has no sub-runs to show. */
      expanded: boolean | null;
      /** Shown when the run's parent or loop is not the row above it. */
      parentHint: string | null;
      loopHint: string | null;
    };

/** Rows plus the counts the header line needs. */
export type RunTree = { rows: ListRow[]; total: number; matched: number };

/** Stable key of a run row (a run id can repeat across data dirs). */
export function runRowKey(run: Pick<RunSummary, 'dataDir' | 'runId'>): string {
  return `run:${runKeyOf(run)}`;
}

/** Whether a group is open: dirs and loops start open, parents with sub-runs start closed. */
export function isExpanded(key: string, overrides: Readonly<Record<string, boolean>>): boolean {
  return overrides[key] ?? !key.startsWith('run:');
}

// Plain Local Worlds first, then the nested harness worlds, each by path.
const KIND_ORDER: Record<DataDirInfo['kind'], number> = { workflow: 0, 'harness-sessions': 1, 'harness-session': 2, 'harness-dynamic': 3 };

/** Build the visible rows of `snapshot` for `query` (`now` anchors the time filter). */
export function buildRunTree(snapshot: Pick<LibrarySnapshot, 'dataDirs' | 'runs'>, query: LibraryQuery, overrides: Readonly<Record<string, boolean>>, now: number): RunTree {
  const keep = queryPredicate(query, now);
  const filtered = isFiltered(query);
  const byDir = new Map<string, RunSummary[]>();
  let matched = 0;
  for (const run of snapshot.runs) {
    if (!keep(run)) continue;
    matched += 1;
    const list = byDir.get(run.dataDir);
    if (list) list.push(run);
    else byDir.set(run.dataDir, [run]);
  }
  const totals = new Map<string, number>();
  for (const run of snapshot.runs) totals.set(run.dataDir, (totals.get(run.dataDir) ?? 0) + 1);
  const compare = compareFacts(query.sort, query.dir);
  const rows: ListRow[] = [];
  const dirs = [...snapshot.dataDirs].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.label.localeCompare(b.label));
  for (const dir of dirs) {
    const runs = byDir.get(dir.path) ?? [];
    if (filtered && runs.length === 0) continue;
    const key = `dir:${dir.path}`;
    const expanded = isExpanded(key, overrides);
    rows.push({ kind: 'dir', key, dir, total: totals.get(dir.path) ?? 0, shown: runs.length, expanded });
    if (!expanded) continue;
    if (filtered) emitFlat(rows, runs, dir.label, compare);
    else emitTree(rows, runs, dir.label, compare, overrides);
  }
  return { rows, total: snapshot.runs.length, matched };
}

function emitFlat(rows: ListRow[], runs: RunSummary[], dirLabel: string, compare: (a: SortFacts, b: SortFacts) => number): void {
  const ordered = runs.map((run) => ({ run, facts: runFacts(run) })).sort((a, b) => compare(a.facts, b.facts));
  for (const { run } of ordered) {
    rows.push({ kind: 'run', key: runRowKey(run), run, dirLabel, depth: 0, childCount: 0, expanded: null, parentHint: run.parentRunId, loopHint: run.outerLoopId });
  }
}

/**
 * A row of the tree: `visit` pushes its row and answers the nodes shown under it, in order.
 * The walk is a loop over an explicit stack, never recursion: a chain of sub-runs can be as deep
 * as the list is long (100,000 runs each the parent of the next), past any call stack.
 */
type Node = { facts: SortFacts; visit(depth: number): readonly Node[] };

function emitTree(rows: ListRow[], runs: RunSummary[], dirLabel: string, compare: (a: SortFacts, b: SortFacts) => number, overrides: Readonly<Record<string, boolean>>): void {
  const ids = new Set(runs.map((r) => r.runId));
  const children = new Map<string, RunSummary[]>();
  const loops = new Map<string, RunSummary[]>();
  const roots: RunSummary[] = [];
  for (const run of runs) {
    const parent = run.parentRunId;
    if (parent !== null && parent !== run.runId && ids.has(parent)) push(children, parent, run);
    else if (run.outerLoopId !== null) push(loops, run.outerLoopId, run);
    else roots.push(run);
  }
  // Runs only reachable through a parentRunId cycle are listed at the top level rather than lost.
  roots.push(...unreachable(runs, [...roots, ...[...loops.values()].flat()], children));
  const emitted = new Set<string>();
  const sorted = (nodes: Node[]) => nodes.sort((a, b) => compare(a.facts, b.facts));
  const runNode = (run: RunSummary, hintParent: boolean): Node => ({
    facts: runFacts(run),
    visit(depth) {
      if (emitted.has(run.runId)) return []; // a parentRunId cycle: show each run once
      emitted.add(run.runId);
      const kids = children.get(run.runId) ?? [];
      const key = runRowKey(run);
      const expanded = kids.length > 0 ? isExpanded(key, overrides) : null;
      const parentHint = hintParent ? run.parentRunId : null;
      rows.push({ kind: 'run', key, run, dirLabel, depth, childCount: kids.length, expanded, parentHint, loopHint: null });
      return expanded ? sorted(kids.map((kid) => runNode(kid, false))) : [];
    },
  });
  const loopNode = (id: string, cycles: RunSummary[]): Node => {
    const facts = loopFacts(cycles);
    return {
      facts,
      visit(depth) {
        // An outer loop id is scoped to its data dir like a run id.
        const key = `loop:${runKey(cycles[0].dataDir, id)}`;
        const expanded = isExpanded(key, overrides);
        rows.push({ kind: 'loop', key, outerLoopId: id, depth, cycleCount: cycles.length, expanded, facts });
        // Cycles run one after another: keep them in time order whatever the column sort.
        return expanded ? cycles.map((c) => runNode(c, c.parentRunId !== null)).sort(byStart) : [];
      },
    };
  };
  const top = sorted([...roots.map((run) => runNode(run, run.parentRunId !== null)), ...[...loops].map(([id, cycles]) => loopNode(id, cycles))]);
  // Depth first, each node's row before its children's, children in their sorted order.
  const stack: { node: Node; depth: number }[] = [];
  const pushAll = (nodes: readonly Node[], depth: number) => {
    for (let i = nodes.length - 1; i >= 0; i -= 1) stack.push({ node: nodes[i], depth });
  };
  pushAll(top, 0);
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    pushAll(node.visit(depth), depth + 1);
  }
}

function unreachable(runs: readonly RunSummary[], starts: readonly RunSummary[], children: ReadonlyMap<string, RunSummary[]>): RunSummary[] {
  const reached = new Set<string>();
  const stack = starts.map((run) => run.runId);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const kid of children.get(id) ?? []) stack.push(kid.runId);
  }
  const out: RunSummary[] = [];
  for (const run of runs) {
    if (reached.has(run.runId)) continue;
    out.push(run);
    // Everything under this one is reachable now.
    const inner = [run.runId];
    while (inner.length > 0) {
      const id = inner.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const kid of children.get(id) ?? []) inner.push(kid.runId);
    }
  }
  return out;
}

function byStart(a: Node, b: Node): number {
  return compareFacts('started', 'asc')(a.facts, b.facts);
}

/** The loop's aggregate: first start, last finish, summed events, tokens and cost, worst status. */
export function loopFacts(cycles: readonly RunSummary[]): LoopFacts {
  let startedAt: string | null = null;
  let latest: RunSummary | null = null;
  for (const run of cycles) {
    if (run.startedAt !== null && (startedAt === null || run.startedAt < startedAt)) startedAt = run.startedAt;
    if (run.startedAt !== null && (latest?.startedAt == null || run.startedAt > latest.startedAt)) latest = run;
  }
  latest ??= cycles[cycles.length - 1] ?? null;
  // Finished only when the latest cycle finished; the loop's state is its latest cycle's, unless one crashed.
  const finishedAt = latest?.finishedAt ?? null;
  const status = groupDisplayStatus(cycles, latest);
  const span = latest && startedAt ? durationMs({ startedAt, finishedAt }) : null;
  return { runId: cycles[0]?.outerLoopId ?? '', startedAt, finishedAt, durationMs: span, status, ...runRowTotals(cycles), findings: groupFindingsRank(cycles) };
}

/** Run ids that occur in more than one data dir (their links need `?dir=`). */
export function ambiguousRunIds(runs: readonly RunSummary[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const run of runs) {
    if (seen.has(run.runId)) twice.add(run.runId);
    seen.add(run.runId);
  }
  return twice;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
