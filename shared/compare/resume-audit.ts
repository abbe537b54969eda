/**
 * Resume audit: for every point where a run's process died and another resumed it, pin the
 * replay plan at that point (fold of the prefix + crash boundary) and check what the resumed
 * process actually wrote against the kill-and-resume invariant: nothing whose result was
 * committed runs again. Re-running a completed step, re-invoking a model call or tool whose
 * response/result was committed, or re-dispatching a completed sub-run is a **violation**;
 * an in-flight call completed with its original callId, a running step continued without a
 * new attempt, a restarted session are **expected**.
 *
 * Boundaries come from the harness view's "resumed here" markers, from recordedAt gaps of at
 * least `gapMs`, and from sequences the caller knows (a lock that changed hands).
 */
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { canonicalJson } from '../canonical/canonical-json';
import type { EventEnvelope } from '../events/envelope';
import { crashBoundary } from '../fold/crash/crash-boundary';
import type { ResumePlan, RunVerdict } from '../fold/crash/crash-types';
import { buildHarnessView } from '../fold/harness/harness-view';
import type { HarnessView, ModelTurn, ToolCallItem } from '../fold/harness/harness-types';
import { materializeRunState } from '../fold/run-state';
import type { MaterializedRunState } from '../fold/run-state-types';

/** Kinds of audit items. */
export type AuditKind =
  | 'step-rerun'
  | 'step-attempt-restarted'
  | 'model-reinvoked'
  | 'inflight-model-recalled'
  | 'tool-reinvoked'
  | 'inflight-tool-restarted'
  | 'subrun-reexecuted'
  | 'step-resumed'
  | 'model-call-completed'
  | 'tool-call-completed'
  | 'session-restarted';

/** One finding at a boundary. */
export type AuditItem = {
  status: 'violation' | 'expected';
  kind: AuditKind;
  /** The event of the resumed process this is about. */
  sequence: number;
  /** The committed event it repeats or continues. */
  originalSequence?: number;
  message: string;
  stepPath?: string;
  callId?: string;
  toolName?: string;
  subRunId?: string;
};

/** One crash-and-resume point. */
export type BoundaryAudit = {
  /** Last event committed before the process died. */
  boundarySequence: number;
  /** First event of the resumed process. */
  resumedAtSequence: number;
  gapMs: number | null;
  why: ('resume-marker' | 'gap' | 'given')[];
  /** The plan a resume at this point should follow, and the verdict of the prefix. */
  plan: ResumePlan | null;
  verdict: RunVerdict | null;
  planError?: string;
  items: AuditItem[];
};

/** The audit of one run. */
export type ResumeAudit = {
  runId: string;
  events: number;
  boundaries: BoundaryAudit[];
  violations: number;
  expected: number;
  ok: boolean;
};

/** Audit options. */
export type ResumeAuditOptions = {
  /** A recordedAt gap at least this long counts as a boundary (default 60 s; 0 = off). */
  gapMs?: number;
  /** Extra boundaries: sequences of the last event before a process died. */
  boundaries?: readonly number[];
};

/** Audit every resume of a run from its events alone. */
export function auditResumes(runId: string, events: readonly EventEnvelope[], options: ResumeAuditOptions = {}): ResumeAudit {
  const view = buildHarnessView(events);
  const points = boundaryPoints(events, view, options);
  const boundaries = points.map((point, index) => {
    const end = points[index + 1]?.boundarySequence ?? events.length;
    return auditBoundary(runId, events, view, point, end);
  });
  const items = boundaries.flatMap((b) => b.items);
  const violations = items.filter((item) => item.status === 'violation').length;
  return { runId, events: events.length, boundaries, violations, expected: items.length - violations, ok: violations === 0 };
}

type Point = { boundarySequence: number; gapMs: number | null; why: BoundaryAudit['why'] };

function boundaryPoints(events: readonly EventEnvelope[], view: HarnessView, options: ResumeAuditOptions): Point[] {
  const byBoundary = new Map<number, Point>();
  const add = (boundarySequence: number, why: BoundaryAudit['why'][number], gap: number | null) => {
    if (boundarySequence < 1 || boundarySequence >= events.length) return;
    const point = byBoundary.get(boundarySequence) ?? { boundarySequence, gapMs: gap, why: [] };
    if (!point.why.includes(why)) point.why.push(why);
    point.gapMs ??= gap;
    byBoundary.set(boundarySequence, point);
  };
  for (const marker of view.resumes) add(marker.previousEventSequence ?? marker.sequence - 1, 'resume-marker', marker.gapMs);
  const threshold = options.gapMs ?? 60_000;
  if (threshold > 0) {
    for (let i = 1; i < events.length; i += 1) {
      const gap = Date.parse(events[i].recordedAt) - Date.parse(events[i - 1].recordedAt);
      if (Number.isFinite(gap) && gap >= threshold) add(events[i - 1].sequence, 'gap', gap);
    }
  }
  for (const sequence of options.boundaries ?? []) add(sequence, 'given', null);
  return [...byBoundary.values()].sort((a, b) => a.boundarySequence - b.boundarySequence);
}

function auditBoundary(runId: string, events: readonly EventEnvelope[], view: HarnessView, point: Point, end: number): BoundaryAudit {
  const b = point.boundarySequence;
  const prefix = events.slice(0, b);
  const segment = events.slice(b, end);
  const audit: BoundaryAudit = { boundarySequence: b, resumedAtSequence: b + 1, gapMs: point.gapMs, why: point.why, plan: null, verdict: null, items: [] };
  let state: MaterializedRunState | null = null;
  try {
    // The audit reads the plan and verdict, never a cost: any table folds them alike.
    state = materializeRunState(runId, prefix, { priceTable: BUNDLED_PRICE_TABLE });
    const boundary = crashBoundary(prefix, state, { lockOwner: 'dead' });
    audit.plan = boundary.resumePlan;
    audit.verdict = boundary.verdict;
  } catch (error) {
    audit.planError = `${(error as Error).name}: ${(error as Error).message}`;
  }
  if (state !== null) auditSteps(prefix, segment, state, audit);
  auditCalls(view, b, end, audit);
  for (const session of view.sessions) {
    if (session.resumeOfSessionId !== undefined && session.startSequence > b && session.startSequence <= end) {
      audit.items.push({ status: 'expected', kind: 'session-restarted', sequence: session.startSequence, originalSequence: view.sessions[session.resumeOfSessionId]?.startSequence, message: `session ${session.role ?? ''} ${session.scopeKey} restarted with ${session.manifestHash === view.sessions[session.resumeOfSessionId]?.manifestHash ? 'the same' : 'a DIFFERENT'} manifest hash`, ...(session.stepPath ? { stepPath: session.stepPath } : {}) });
    }
  }
  audit.items.sort((x, y) => x.sequence - y.sequence);
  return audit;
}

const stepPathOf = (event: EventEnvelope): string | undefined => {
  const value = (event.payload as { stepPath?: unknown } | null)?.stepPath;
  return typeof value === 'string' ? value : undefined;
};

function auditSteps(prefix: readonly EventEnvelope[], segment: readonly EventEnvelope[], state: MaterializedRunState, audit: BoundaryAudit): void {
  const resumed = new Set(audit.plan?.stepsResumed.map((step) => step.stepPath) ?? []);
  const restarted = new Set<string>();
  for (const event of segment) {
    const stepPath = stepPathOf(event);
    if (stepPath === undefined) continue;
    if (event.type === 'StepAttemptStarted') {
      if (state.steps[stepPath]?.status === 'completed' && !restarted.has(stepPath)) {
        const completed = prefix.findLast((e) => e.type === 'StepCompleted' && stepPathOf(e) === stepPath);
        audit.items.push({ status: 'violation', kind: 'step-rerun', sequence: event.sequence, ...(completed ? { originalSequence: completed.sequence } : {}), stepPath, message: `step ${stepPath} started a new attempt although its StepCompleted was committed` });
      } else if (resumed.has(stepPath) && !restarted.has(stepPath)) {
        audit.items.push({ status: 'violation', kind: 'step-attempt-restarted', sequence: event.sequence, stepPath, message: `step ${stepPath} was running at the crash: the resume must continue that attempt, not start a new one` });
      }
      restarted.add(stepPath);
    } else if (event.type === 'StepCompleted' && resumed.has(stepPath) && !restarted.has(stepPath)) {
      resumed.delete(stepPath);
      audit.items.push({ status: 'expected', kind: 'step-resumed', sequence: event.sequence, stepPath, message: `step ${stepPath} resumed and completed without a new attempt` });
    }
  }
}

/** The first session of a resume chain: calls are matched within one chain. */
function chainRoot(view: HarnessView, sessionId: number | undefined): number {
  let id = sessionId;
  for (let guard = 0; id !== undefined && guard < view.sessions.length; guard += 1) {
    const previous = view.sessions[id]?.resumeOfSessionId;
    if (previous === undefined) return id;
    id = previous;
  }
  return id ?? -1;
}

function toolKey(call: ToolCallItem): string {
  const parts = { caller: call.caller ?? null, toolName: call.toolName ?? null, args: call.args ?? null, turn: call.turn ?? null, callIndex: call.callIndex ?? null, scope: call.scope ?? null };
  try {
    return canonicalJson(parts);
  } catch {
    return JSON.stringify(parts);
  }
}

function auditCalls(view: HarnessView, b: number, end: number, audit: BoundaryAudit): void {
  const inSegment = (sequence: number | undefined) => sequence !== undefined && sequence > b && sequence <= end;
  // Model calls, keyed by chain + promptHash.
  const committedTurns = new Map<string, ModelTurn>();
  const openTurns = new Map<string, ModelTurn>();
  for (const turn of view.modelTurns) {
    if (turn.calledSequence === undefined || turn.calledSequence > b || turn.promptHash === undefined) continue;
    const key = `${chainRoot(view, turn.sessionId)}\u0000${turn.promptHash}`;
    if (turn.respondedSequence !== undefined && turn.respondedSequence <= b) committedTurns.set(key, turn);
    else if (turn.failures.every((f) => f.sequence > b)) openTurns.set(key, turn);
  }
  for (const turn of view.modelTurns) {
    if (turn.calledSequence !== undefined && turn.calledSequence <= b && inSegment(turn.respondedSequence)) {
      audit.items.push({ status: 'expected', kind: 'model-call-completed', sequence: turn.respondedSequence!, originalSequence: turn.calledSequence, ...(turn.callId ? { callId: turn.callId } : {}), ...(turn.stepPath ? { stepPath: turn.stepPath } : {}), message: `in-flight model call ${turn.callId ?? `turn ${turn.turn}`} completed after the resume with its original callId` });
    }
    for (const duplicate of turn.duplicateCalledSequences) {
      if (inSegment(duplicate) && turn.respondedSequence !== undefined && turn.respondedSequence <= b) {
        audit.items.push({ status: 'violation', kind: 'model-reinvoked', sequence: duplicate, originalSequence: turn.respondedSequence, ...(turn.callId ? { callId: turn.callId } : {}), message: `model call ${turn.callId} was called again although its response was committed` });
      }
    }
    if (!inSegment(turn.calledSequence) || turn.promptHash === undefined) continue;
    const key = `${chainRoot(view, turn.sessionId)}\u0000${turn.promptHash}`;
    const committed = committedTurns.get(key);
    const open = openTurns.get(key);
    const where = { ...(turn.callId ? { callId: turn.callId } : {}), ...(turn.stepPath ? { stepPath: turn.stepPath } : {}) };
    if (committed !== undefined) {
      audit.items.push({ status: 'violation', kind: 'model-reinvoked', sequence: turn.calledSequence!, originalSequence: committed.respondedSequence, ...where, message: `model re-invoked for prompt ${turn.promptHash.slice(0, 19)}… although a response was committed (call ${committed.callId ?? '?'})` });
    } else if (open !== undefined && open.callId !== turn.callId) {
      audit.items.push({ status: 'violation', kind: 'inflight-model-recalled', sequence: turn.calledSequence!, originalSequence: open.calledSequence, ...where, message: `in-flight model call ${open.callId ?? '?'} was called again under a new callId instead of being completed with its own` });
    }
  }
  // Tool calls, keyed by chain + (caller, toolName, args, turn, callIndex, scope).
  const committedTools = new Map<string, ToolCallItem>();
  const openTools = new Map<string, ToolCallItem>();
  for (const call of view.toolCalls) {
    if (call.startedSequence === undefined || call.startedSequence > b) continue;
    const key = `${chainRoot(view, call.sessionId)}\u0000${toolKey(call)}`;
    if (call.endSequence !== undefined && call.endSequence <= b) committedTools.set(key, call);
    else openTools.set(key, call);
  }
  for (const call of view.toolCalls) {
    const where = { ...(call.callId ? { callId: call.callId } : {}), ...(call.toolName ? { toolName: call.toolName } : {}), ...(call.stepPath ? { stepPath: call.stepPath } : {}) };
    if (call.startedSequence !== undefined && call.startedSequence <= b && inSegment(call.endSequence)) {
      audit.items.push({ status: 'expected', kind: 'tool-call-completed', sequence: call.endSequence!, originalSequence: call.startedSequence, ...where, message: `in-flight tool ${call.toolName ?? '?'} completed after the resume with its original callId` });
    }
    if (!inSegment(call.startedSequence)) continue;
    const key = `${chainRoot(view, call.sessionId)}\u0000${toolKey(call)}`;
    const committed = committedTools.get(key);
    const open = openTools.get(key);
    if (committed !== undefined) {
      const subRunId = call.subRunId ?? committed.subRunId;
      audit.items.push({
        status: 'violation',
        kind: subRunId !== undefined ? 'subrun-reexecuted' : 'tool-reinvoked',
        sequence: call.startedSequence!,
        originalSequence: committed.endSequence,
        ...where,
        ...(subRunId !== undefined ? { subRunId } : {}),
        message: subRunId !== undefined ? `sub-run ${subRunId} dispatched again although its ${call.toolName ?? 'tool'} call had returned` : `tool ${call.toolName ?? '?'} re-invoked although its result was committed (call ${committed.callId ?? '?'})`,
      });
    } else if (open !== undefined && open.callId !== call.callId) {
      audit.items.push({ status: 'violation', kind: 'inflight-tool-restarted', sequence: call.startedSequence!, originalSequence: open.startedSequence, ...where, message: `in-flight tool call ${open.callId ?? '?'} was started again under a new callId instead of being completed with its own` });
    }
  }
}
