/**
 * Harness sessions, model calls and tool calls as thin marks on the timeline, keyed by the
 * step path they were stamped with (or by session id for planner/orchestrator sessions).
 */
import type { HarnessSession, ModelTurn, ResumeMarker, ToolCallItem } from '../fold/harness/harness-types';
import { openWorkStatus } from '../status/display-status';
import { isoToAxis } from './time-axis';
import type { TimelineAxis, TimelineMark, TimelineStatus } from './timeline-types';

/** The parts of a (lite) harness view the timeline reads. */
export type TimelineHarness = {
  sessions: ReadonlyArray<Pick<HarnessSession, 'id' | 'role' | 'stepPath' | 'status' | 'startedAt' | 'endedAt' | 'supersededBySessionId'>>;
  modelTurns: ReadonlyArray<Pick<ModelTurn, 'id' | 'stepPath' | 'sessionId' | 'status' | 'calledAt' | 'respondedAt' | 'failures' | 'model' | 'turn'>>;
  toolCalls: ReadonlyArray<Pick<ToolCallItem, 'id' | 'stepPath' | 'sessionId' | 'status' | 'startedAt' | 'endedAt' | 'toolName'>>;
  resumes: ReadonlyArray<Pick<ResumeMarker, 'sessionId' | 'recordedAt' | 'gapMs'>>;
};

/** Marks grouped by owner key: `step:<path>` or `session:<id>`. */
export type MarksByOwner = Map<string, TimelineMark[]>;

/** Owner key of a harness item: its step path when stamped, else its session. */
export function ownerKey(stepPath: string | undefined, sessionId: number | undefined): string | null {
  if (stepPath !== undefined) return `step:${stepPath}`;
  if (sessionId !== undefined) return `session:${sessionId}`;
  return null;
}

/** Build every mark of the harness view on `axis`; open items end at the log's end. */
export function harnessMarks(harness: TimelineHarness, axis: TimelineAxis, crashed: boolean): MarksByOwner {
  const byOwner: MarksByOwner = new Map();
  const add = (key: string | null, mark: TimelineMark) => {
    if (key === null) return;
    const list = byOwner.get(key);
    if (list) list.push(mark);
    else byOwner.set(key, [mark]);
  };
  const openStatus: TimelineStatus = openWorkStatus(crashed);
  const sessionStart = new Map(harness.sessions.map((s) => [s.id, s.startedAt]));
  const end = axis.axisMs;

  for (const s of harness.sessions) {
    // A session a later one took over was cut by a crash: it ends where the resume begins.
    const cutAt = s.status === 'open' && s.supersededBySessionId !== undefined ? sessionStart.get(s.supersededBySessionId) : undefined;
    const open = s.status === 'open' && cutAt === undefined;
    const status: TimelineStatus = s.status === 'completed' ? 'completed' : s.status === 'failed' ? 'failed' : cutAt ? 'crashed' : openStatus;
    const a0 = isoToAxis(axis, s.startedAt, 0);
    add(s.stepPath !== undefined ? `step:${s.stepPath}` : `session:${s.id}`, {
      kind: 'session',
      label: `${s.role ?? 'session'} #${s.id}${cutAt ? ' (interrupted, resumed later)' : ''}`,
      status,
      startedAt: s.startedAt,
      ...(open ? {} : { finishedAt: s.endedAt ?? cutAt }),
      a0,
      a1: open ? end : isoToAxis(axis, s.endedAt ?? cutAt, a0),
      open,
    });
  }
  for (const t of harness.modelTurns) {
    if (t.calledAt === undefined && t.respondedAt === undefined) continue;
    const endedAt = t.respondedAt ?? t.failures.at(-1)?.recordedAt;
    const open = t.status === 'in-flight';
    const a0 = isoToAxis(axis, t.calledAt ?? endedAt, 0);
    const model = t.model?.modelId ? ` ${t.model.modelId}` : '';
    add(ownerKey(t.stepPath, t.sessionId), {
      kind: 'model',
      label: `model call${t.turn !== undefined ? ` turn ${t.turn}` : ''}${model}`,
      status: t.status === 'responded' ? 'completed' : open ? openStatus : 'failed',
      startedAt: t.calledAt ?? endedAt,
      ...(open ? {} : { finishedAt: endedAt }),
      a0,
      a1: open ? end : isoToAxis(axis, endedAt, a0),
      open,
    });
  }
  for (const c of harness.toolCalls) {
    if (c.startedAt === undefined && c.endedAt === undefined) continue;
    const open = c.status === 'in-flight';
    const a0 = isoToAxis(axis, c.startedAt ?? c.endedAt, 0);
    add(ownerKey(c.stepPath, c.sessionId), {
      kind: 'tool',
      label: `tool ${c.toolName ?? 'call'}`,
      status: c.status === 'succeeded' ? 'completed' : open ? openStatus : 'failed',
      startedAt: c.startedAt ?? c.endedAt,
      ...(open ? {} : { finishedAt: c.endedAt }),
      a0,
      a1: open ? end : isoToAxis(axis, c.endedAt, a0),
      open,
    });
  }
  return byOwner;
}
