/**
 * Harness sessions: pairing starts with ends, assigning other harness events to the
 * session that is running them, and spotting "resumed here" points.
 *
 * Sessions carry no id in the log, so events are assigned by lane: worker and fixer
 * events are stamped with their `stepPath`, planner and orchestrator events are not (lane
 * `''`). Branches of a parallel step run concurrently, but each in its own lane, so the
 * innermost open session of a lane is the one an event belongs to.
 */
import type { EventEnvelope } from '../../events/envelope';
import { appended } from '../../math/appended';
import { copyArray, copyMap, made, owned } from '../copy-on-write';
import { field, gapMs, objectField, stringField } from '../payload-fields';
import type { HarnessSession, ResumeMarker } from './harness-types';
import { manifestScope, manifestScopeKey } from './manifest-scope';

/** The event before the current one, for downtime gaps. */
export type PreviousEvent = { sequence: number; recordedAt: string } | undefined;

/** The lane of a harness payload: its stepPath, or `''` for planner/orchestrator events. */
export function laneOf(payload: unknown): string {
  return stringField(payload, 'stepPath') ?? '';
}

/**
 * Tracks sessions of one run as events arrive in sequence order. Read `sessions`, `resumes`
 * and `unpaired`, never change them: every change goes through the methods below, which copy a
 * snapshot's first (copy-on-write.ts).
 */
export class SessionTracker {
  sessions: HarnessSession[] = [];
  resumes: ResumeMarker[] = [];
  unpaired: number[] = [];
  parentRunId: string | undefined;
  private openByLane = new Map<string, number[]>();
  private lastByLane = new Map<string, number>();
  private lastByScope = new Map<string, number>();
  // Last sequence of an event that legitimately starts a new session for a lane (a new
  // attempt, a failure, a repair, a planner revision): a repeat after one is a retry.
  private retryMarkByLane = new Map<string, number>();
  private laneOfSession: string[] = [];

  /** Session an event of `lane` belongs to: the innermost open one, else the lane's latest. */
  sessionFor(lane: string): number | undefined {
    const open = this.openByLane.get(lane);
    if (open !== undefined && open.length > 0) return open[open.length - 1];
    return this.lastByLane.get(lane);
  }

  /** Record an event that makes the next session of `lane` a retry rather than a resume. */
  noteRetryMarker(lane: string, sequence: number): void {
    (this.retryMarkByLane = owned(this, this.retryMarkByLane, copyMap)).set(lane, sequence);
  }

  /** `harness.session.started`. */
  start(event: EventEnvelope, previous: PreviousEvent): HarnessSession {
    const payload = event.payload;
    const manifest = field(payload, 'manifest');
    const scope = manifestScope(manifest);
    const role = stringField(payload, 'role');
    // Lane from the payload stamp only, like every other harness event, so that unstamped
    // (older) logs keep all their events in one lane; the manifest still names the step.
    const lane = laneOf(payload);
    const stepPath = stringField(payload, 'stepPath') ?? stringField(manifest, 'stepPath');
    const parentRunId = stringField(payload, 'parentRunId');
    if (this.parentRunId === undefined && parentRunId !== undefined) this.parentRunId = parentRunId;
    const session: HarnessSession = made(this, {
      id: this.sessions.length,
      role,
      taskKind: stringField(objectField(payload, 'task'), 'kind'),
      manifestKind: scope.kind,
      scopeKey: scope.kind === 'worker' || scope.kind === 'fixer' ? scope.scopeKey : lane || scope.scopeKey,
      manifestHash: stringField(payload, 'manifestHash'),
      harnessId: stringField(manifest, 'harnessId'),
      stepPath,
      parentRunId,
      status: 'open',
      startSequence: event.sequence,
      startedAt: event.recordedAt,
      modelTurnIds: [],
      toolCallIds: [],
      executeStepIds: [],
      sequences: [event.sequence],
    });
    (this.sessions = owned(this, this.sessions, copyArray)).push(session);
    (this.laneOfSession = owned(this, this.laneOfSession, copyArray)).push(lane);
    // Unknown manifests (custom harnesses) fall back to role + lane so they still compare.
    const resumeKey = scope.kind === 'unknown' ? `role:${role ?? ''}\u0000${lane}` : manifestScopeKey(scope);
    const previousId = this.lastByScope.get(resumeKey);
    if (previousId !== undefined) this.checkResume(session, previousId, event, previous);
    (this.lastByScope = owned(this, this.lastByScope, copyMap)).set(resumeKey, session.id);
    (this.lastByLane = owned(this, this.lastByLane, copyMap)).set(lane, session.id);
    this.openOf(lane).push(session.id);
    return session;
  }

  private checkResume(
    session: HarnessSession,
    priorId: number,
    event: EventEnvelope,
    previous: PreviousEvent,
  ): void {
    let reason: ResumeMarker['reason'] | undefined;
    const prior = this.sessions[priorId];
    if (prior.status === 'open') {
      // The earlier session never ended: its process died and this one took over.
      reason = 'previous-session-open';
      this.sessionToChange(priorId).supersededBySessionId = session.id;
      this.removeOpen(this.laneOfSession[prior.id], prior.id);
    } else {
      // Step events always name their step; unstamped harness events do not, so look at both.
      const lane = this.laneOfSession[session.id];
      const retryMark = Math.max(this.retryMarkByLane.get(lane) ?? -1, this.retryMarkByLane.get(session.stepPath ?? lane) ?? -1);
      const delegated = field(prior.result, 'kind') === 'delegate_to_default';
      if (!delegated && retryMark < prior.startSequence) reason = 'repeated-without-retry';
    }
    if (reason === undefined) return;
    session.resumeOfSessionId = prior.id;
    (this.resumes = owned(this, this.resumes, copyArray)).push({
      sessionId: session.id,
      previousSessionId: prior.id,
      sequence: event.sequence,
      recordedAt: event.recordedAt,
      reason,
      previousEventSequence: previous?.sequence,
      previousEventAt: previous?.recordedAt,
      gapMs: previous === undefined ? null : gapMs(previous.recordedAt, event.recordedAt),
    });
  }

  /** `harness.session.completed` / `failed`: closes the innermost open session of the lane. */
  end(event: EventEnvelope, status: 'completed' | 'failed'): HarnessSession | undefined {
    const lane = laneOf(event.payload);
    const id = this.openByLane.get(lane)?.length ? this.popOpen(lane) : undefined;
    if (id === undefined) {
      (this.unpaired = owned(this, this.unpaired, copyArray)).push(event.sequence);
      return undefined;
    }
    const session = this.sessionToChange(id);
    session.status = status;
    session.endSequence = event.sequence;
    session.endedAt = event.recordedAt;
    session.sequences = appended(session.sequences, event.sequence);
    if (status === 'completed') {
      session.result = field(objectField(event.payload, 'output'), 'result');
      session.usage = field(event.payload, 'usage');
    } else {
      session.error = field(event.payload, 'error');
    }
    return session;
  }

  /** The session that finally carries on `id` after any resumes (follows supersededBy links). */
  finalSession(id: number | undefined): HarnessSession | undefined {
    let current = id === undefined ? undefined : this.sessions[id];
    // Chains are as long as the number of crashes of one scope; the guard only stops cycles.
    for (let guard = 0; current?.supersededBySessionId !== undefined && guard < 10_000; guard += 1) {
      current = this.sessions[current.supersededBySessionId];
    }
    return current;
  }

  /** Note item `id` of `list` under session `sessionId` (an item the session's lane just made). */
  listItem(sessionId: number, list: 'modelTurnIds' | 'toolCallIds' | 'executeStepIds', id: number): void {
    const session = this.sessionToChange(sessionId);
    session[list] = appended(session[list], id);
  }

  private removeOpen(lane: string, id: number): void {
    const index = this.openByLane.get(lane)?.lastIndexOf(id) ?? -1;
    if (index < 0) return;
    const open = this.openOf(lane);
    open.splice(index, 1);
    this.dropIfClosed(lane, open);
  }

  // The innermost open session of `lane`, no longer open.
  private popOpen(lane: string): number | undefined {
    const open = this.openOf(lane);
    const id = open.pop();
    this.dropIfClosed(lane, open);
    return id;
  }

  // A lane with no open session keeps no list: one per step path of a 22,000-step run otherwise,
  // each with room for 17 (sessionFor reads a missing lane as one with none open).
  private dropIfClosed(lane: string, open: number[]): void {
    if (open.length === 0) this.openByLane.delete(lane);
  }

  // The session `id`, the fork's own copy when it is a snapshot's.
  private sessionToChange(id: number): HarnessSession {
    const sessions = (this.sessions = owned(this, this.sessions, copyArray));
    return (sessions[id] = owned(this, sessions[id], copySession));
  }

  // The open sessions of `lane` (created empty), the fork's own copy when they are a snapshot's.
  private openOf(lane: string): number[] {
    const openByLane = (this.openByLane = owned(this, this.openByLane, copyMap));
    const open = openByLane.get(lane);
    if (open === undefined) {
      const created = made(this, [] as number[]);
      openByLane.set(lane, created);
      return created;
    }
    const mine = owned(this, open, copyArray);
    if (mine !== open) openByLane.set(lane, mine);
    return mine;
  }
}

/** A session with every array the trackers grow copied. */
export function copySession(session: HarnessSession): HarnessSession {
  return {
    ...session,
    modelTurnIds: [...session.modelTurnIds],
    toolCallIds: [...session.toolCallIds],
    executeStepIds: [...session.executeStepIds],
    sequences: [...session.sequences],
  };
}
