/**
 * Build a run's timeline model: one row per step path arranged as a tree (visits, parallel
 * branches, per-attempt groups), attempts as segments on a broken time axis, harness items as
 * marks, resume markers and breaks. Pure; runs in main so the renderer only draws.
 */
import type { CrashBoundary } from '../fold/crash/crash-types';
import { crashedVerdict, itemDisplayStatus } from '../status/display-status';
import type { MaterializedStepAttempt, StepStatus, UsageTotals } from '../fold/run-state-types';
import { harnessMarks, type TimelineHarness } from './harness-marks';
import { attemptGroupId, placePath, retriedParallelSteps } from './step-path-tree';
import { addEventTime, buildAxisOf, emptyTimeClusters, isoToAxis, parseTime, type EventTimeClusters } from './time-axis';
import type { TimelineAxis, TimelineMark, TimelineModel, TimelineRow, TimelineRowKind, TimelineSegment, TimelineStatus } from './timeline-types';
import { addUsage, aggregateStatus } from './timeline-status';
import { pushAll } from '../math/push-all';
import { densityBins, RUN_DENSITY_BINS, visitSummary, type VisitSummary } from './visit-density';

/** One folded step as the timeline needs it (a `StepDetail` or a materialized step). */
export type TimelineStepInput = {
  stepPath: string;
  status: StepStatus;
  usage: UsageTotals;
  attempts: ReadonlyArray<Pick<MaterializedStepAttempt, 'attemptId' | 'startedAt' | 'finishedAt' | 'status'>>;
};

/** What the timeline is built from: parts of the run detail plus every event's recordedAt. */
export type TimelineInput = {
  steps: readonly TimelineStepInput[];
  harness: TimelineHarness;
  boundary: Pick<CrashBoundary, 'verdict'> | null;
  /** recordedAt of every event, in log order (or `eventTimes`, their clusters, when already summarised). */
  recordedAt: readonly string[];
  eventTimes?: EventTimeClusters;
};

type Node = {
  id: string;
  kind: TimelineRowKind;
  label: string;
  stepPath?: string;
  order: number;
  children: Node[];
  segments: TimelineSegment[];
  marks: TimelineMark[];
  status: TimelineStatus;
  usage?: UsageTotals;
  visits?: VisitSummary;
  /** Real step data: synthetic rows (groups, missing parents) take theirs from children. */
  real: boolean;
  a0: number;
  a1: number;
};

/** Build the timeline of one run. */
export function buildTimeline(input: TimelineInput): TimelineModel {
  const crashed = crashedVerdict(input.boundary?.verdict);
  const axis = buildAxisOf(eventTimes(input), input.harness.resumes.map((r) => parseTime(r.recordedAt)).filter((t): t is number => t !== null));
  const retried = retriedParallelSteps(input.steps.map((s) => s.stepPath));
  const nodes = new Map<string, Node>();
  const roots: Node[] = [];
  let order = 0;

  const create = (id: string, kind: TimelineRowKind, label: string, parent: Node | null): Node => {
    const node: Node = { id, kind, label, order: order++, children: [], segments: [], marks: [], status: 'pending', real: false, a0: Infinity, a1: -Infinity };
    nodes.set(id, node);
    (parent ? parent.children : roots).push(node);
    return node;
  };
  /** The node of step path `id`, creating it and its missing ancestors (synthetic). */
  const ensure = (id: string, kindIfNew: TimelineRowKind): Node => {
    const existing = nodes.get(id);
    if (existing) return existing;
    const place = placePath(id, retried);
    let parent: Node | null = null;
    if (place.kind === 'visit') parent = ensure(place.parent, 'visits');
    else if (place.kind === 'branch') {
      const step = ensure(place.step, 'step');
      parent = place.parent === place.step ? step : (nodes.get(place.parent) ?? attemptGroup(step, place.attempt));
    } else if (place.kind === 'child') parent = ensure(place.parent, placePath(place.parent, retried).kind === 'branch' ? 'branch' : 'step');
    return create(id, place.kind === 'branch' ? 'branch' : kindIfNew, place.label, parent);
  };
  const attemptGroup = (step: Node, attempt: number): Node => {
    const node = create(attemptGroupId(step.id, attempt), 'attempt-group', `attempt ${attempt}`, step);
    node.stepPath = step.id;
    return node;
  };

  for (const step of input.steps) {
    const node = ensure(step.stepPath, 'step');
    node.kind = 'step';
    node.real = true;
    node.stepPath = step.stepPath;
    node.usage = step.usage;
    node.segments = step.attempts.map((a) => attemptSegment(a, axis, crashed));
    node.status = itemDisplayStatus(step.status, crashed);
  }
  // Attempt groups show their parallel step's attempt n.
  for (const node of nodes.values()) {
    if (node.kind !== 'attempt-group') continue;
    const n = Number(node.id.slice(node.id.lastIndexOf('@attempt_') + 9));
    const segment = nodes.get(node.stepPath!)?.segments.find((s) => s.attemptId === `attempt_${n}`);
    if (segment) {
      node.segments = [segment];
      node.status = segment.status;
      node.real = true;
    }
  }
  for (const [key, marks] of harnessMarks(input.harness, axis, crashed)) {
    const node = key.startsWith('step:') ? ensure(key.slice(5), 'step') : (nodes.get(key) ?? sessionNode(key, marks, create));
    pushAll(node.marks, marks);
  }
  for (const root of roots) finish(root);
  const rows: TimelineRow[] = [];
  for (const root of sortNodes(roots)) flatten(root, 0, -1, rows);
  const resumes = input.harness.resumes.map((r) => {
    const session = input.harness.sessions.find((s) => s.id === r.sessionId);
    return { a: isoToAxis(axis, r.recordedAt, 0), at: r.recordedAt, gapMs: r.gapMs, sessionId: r.sessionId, ...(session?.stepPath ? { stepPath: session.stepPath } : {}) };
  });
  return { axis, rows, resumes, stepCount: input.steps.length, crashed, density: runDensity(nodes.values(), axis.axisMs) };
}

/** Where the run's work starts on the axis: every real step attempt and session (group rows only repeat them). */
function runDensity(nodes: Iterable<Node>, axisMs: number) {
  const segments: TimelineSegment[] = [];
  for (const node of nodes) if (node.real && node.kind !== 'attempt-group') pushAll(segments, node.segments);
  return densityBins(segments, 0, axisMs, RUN_DENSITY_BINS);
}

function eventTimes(input: TimelineInput): EventTimeClusters {
  const times = input.eventTimes ?? emptyTimeClusters();
  if (input.eventTimes === undefined) {
    for (const iso of input.recordedAt) {
      const ms = parseTime(iso);
      if (ms !== null) addEventTime(times, ms);
    }
  }
  if (times.count > 0) return times;
  // No event times given (hand-made inputs): fall back to the attempts' own times.
  const fallback = emptyTimeClusters();
  for (const step of input.steps) for (const a of step.attempts) for (const iso of [a.startedAt, a.finishedAt]) {
    const ms = parseTime(iso);
    if (ms !== null) addEventTime(fallback, ms);
  }
  return fallback;
}

function attemptSegment(a: TimelineStepInput['attempts'][number], axis: TimelineAxis, crashed: boolean): TimelineSegment {
  const open = a.finishedAt === undefined;
  const a0 = isoToAxis(axis, a.startedAt, 0);
  return {
    attemptId: a.attemptId,
    status: itemDisplayStatus(a.status, crashed),
    startedAt: a.startedAt,
    ...(a.finishedAt !== undefined ? { finishedAt: a.finishedAt } : {}),
    a0,
    a1: open ? axis.axisMs : Math.max(a0, isoToAxis(axis, a.finishedAt, a0)),
    open,
  };
}

/** A row for a step-less harness session (planner, orchestrator): its own span is its segment. */
function sessionNode(key: string, marks: TimelineMark[], create: (id: string, kind: TimelineRowKind, label: string, parent: null) => Node): Node {
  const own = marks.find((m) => m.kind === 'session');
  const node = create(key, 'session', own?.label ?? key.replace(':', ' '), null);
  if (own) {
    node.real = true;
    node.status = own.status;
    node.segments = [{ status: own.status, startedAt: own.startedAt ?? '', ...(own.finishedAt ? { finishedAt: own.finishedAt } : {}), a0: own.a0, a1: own.a1, open: own.open }];
    marks.splice(marks.indexOf(own), 1);
  }
  return node;
}

/** Post-order: spans, and for synthetic rows status, usage and summary segments. */
function finish(node: Node): void {
  for (const child of node.children) finish(child);
  for (const s of [...node.segments, ...node.marks]) {
    node.a0 = Math.min(node.a0, s.a0);
    node.a1 = Math.max(node.a1, s.a1);
  }
  for (const child of node.children) {
    node.a0 = Math.min(node.a0, child.a0);
    node.a1 = Math.max(node.a1, child.a1);
  }
  if (!Number.isFinite(node.a0)) [node.a0, node.a1] = [0, 0];
  if (node.real || node.children.length === 0) return;
  const kids = sortNodes(node.children);
  node.status = aggregateStatus(node.kind, kids.map((k) => k.status));
  node.usage = kids.reduce<UsageTotals | undefined>((sum, k) => addUsage(sum, k.usage), undefined);
  // A visits group shows every visit's attempts, so it still reads when collapsed.
  if (node.kind === 'visits') {
    const visits = visitSummary(kids);
    if (visits) node.visits = visits;
  }
  node.segments =
    node.kind === 'visits'
      ? kids.flatMap((k) => k.segments)
      : [summarySegment(node, kids)];
}

/** One bar spanning a group's children, with the earliest start and latest finish among them. */
function summarySegment(node: Node, kids: readonly Node[]): TimelineSegment {
  const all = kids.flatMap((k) => k.segments);
  const open = all.some((s) => s.open);
  const starts = all.map((s) => s.startedAt).filter((t) => t !== '').sort();
  const ends = all.map((s) => s.finishedAt ?? '').filter((t) => t !== '').sort();
  return {
    status: node.status,
    startedAt: starts[0] ?? '',
    ...(!open && ends.length > 0 ? { finishedAt: ends[ends.length - 1] } : {}),
    a0: node.a0,
    a1: node.a1,
    open,
  };
}

function sortNodes(nodes: Node[]): Node[] {
  return nodes.sort((x, y) => x.a0 - y.a0 || x.order - y.order);
}

function flatten(node: Node, depth: number, parent: number, rows: TimelineRow[]): void {
  const index = rows.length;
  const row: TimelineRow = {
    id: node.id,
    kind: node.kind,
    label: node.label,
    ...(node.stepPath !== undefined ? { stepPath: node.stepPath } : {}),
    depth,
    parent,
    descendants: 0,
    status: node.status,
    segments: node.segments,
    marks: node.marks,
    ...(node.usage ? { usage: node.usage } : {}),
    ...(node.visits ? { visits: node.visits } : {}),
    a0: node.a0,
    a1: node.a1,
  };
  rows.push(row);
  for (const child of sortNodes(node.children)) flatten(child, depth + 1, index, rows);
  row.descendants = rows.length - index - 1;
}
