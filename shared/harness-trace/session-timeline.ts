/**
 * A session's trace on a time axis: model and tool calls as bars from their first to their
 * last event (an unfinished call runs to the session's last event), runtime, file and other
 * events as points, each in its lane. Pure: the session view draws it and a click on a mark
 * goes to the item (`index` into the session's items).
 */
import { isFailedItem, type SessionItem } from './session-model';
import { extent } from '../math/extent';
import { MinHeap } from '../math/min-heap';

export type TimelineLane = 'model calls' | 'tool calls' | 'runtime' | 'files' | 'events';

/** Lanes top to bottom. */
export const TIMELINE_LANES: readonly TimelineLane[] = ['model calls', 'tool calls', 'runtime', 'files', 'events'];

/** `row`: the sub-row of its lane, so calls that overlap in time (a tool call inside another) sit apart. */
export type TimelineMark = { lane: TimelineLane; index: number; fromMs: number; toMs: number; row: number; tone: 'ok' | 'failed' | 'open' | 'info'; label: string };

/** `omitted`: points left out past `maxMarks` (calls and failures are always drawn). */
export type SessionTimeline = { startMs: number; endMs: number; marks: TimelineMark[]; omitted: number };

/** Most marks drawn: past it, plain points (not calls, not failures) are left out and counted. */
export const TIMELINE_MAX_MARKS = 2000;

/** The marks of `items` (those with a readable time), or null when no item has one. */
export function sessionTimeline(items: readonly SessionItem[], maxMarks = TIMELINE_MAX_MARKS): SessionTimeline | null {
  const span = extent(items.flatMap((item) => [Date.parse(startOf(item)), ...(endOf(item) ? [Date.parse(endOf(item) as string)] : [])]).filter(Number.isFinite));
  if (span === null) return null;
  const { min: startMs, max: endMs } = span;
  const marks: TimelineMark[] = [];
  items.forEach((item, index) => {
    const from = Date.parse(startOf(item));
    if (!Number.isFinite(from)) return;
    const end = endOf(item);
    const open = (item.kind === 'model-call' || item.kind === 'tool-call') && item.status === 'open';
    const to = end ? Date.parse(end) : open ? endMs : from;
    const tone = isFailedItem(item) ? 'failed' : open ? 'open' : item.kind === 'model-call' || item.kind === 'tool-call' ? 'ok' : 'info';
    marks.push({ lane: laneOf(item), index, fromMs: from, toMs: Number.isFinite(to) ? Math.max(from, to) : from, row: 0, tone, label: labelOf(item) });
  });
  stackOverlaps(marks);
  if (marks.length <= maxMarks) return { startMs, endMs, marks, omitted: 0 };
  // A long session: keep what a reader looks for first, the calls and the failures.
  const kept = marks.filter((m) => m.tone !== 'info');
  return { startMs, endMs, marks: kept, omitted: marks.length - kept.length };
}

/**
 * Give each bar the first sub-row of its lane that is free at its start (points stay on row 0):
 * per lane, the rows in use by when they free up and the free rows by index, so N bars (a crashed
 * session's calls all left open overlap each other) cost O(N log N), not a scan of every row.
 */
function stackOverlaps(marks: TimelineMark[]): void {
  const lanes = new Map<TimelineLane, { busy: MinHeap<{ end: number; row: number }>; free: MinHeap<number>; rows: number }>();
  for (const m of [...marks].sort((a, b) => a.fromMs - b.fromMs)) {
    if (m.toMs === m.fromMs) continue;
    let lane = lanes.get(m.lane);
    if (lane === undefined) {
      lane = { busy: new MinHeap((a, b) => a.end < b.end), free: new MinHeap((a, b) => a < b), rows: 0 };
      lanes.set(m.lane, lane);
    }
    while (lane.busy.size > 0 && lane.busy.peek()!.end <= m.fromMs) lane.free.push(lane.busy.pop()!.row);
    m.row = lane.free.pop() ?? lane.rows++;
    lane.busy.push({ end: m.toMs, row: m.row });
  }
}

function startOf(item: SessionItem): string {
  return item.kind === 'model-call' || item.kind === 'tool-call' ? item.startedAt : item.at;
}

function endOf(item: SessionItem): string | undefined {
  return item.kind === 'model-call' || item.kind === 'tool-call' ? item.endedAt : undefined;
}

function laneOf(item: SessionItem): TimelineLane {
  switch (item.kind) {
    case 'model-call':
      return 'model calls';
    case 'tool-call':
      return 'tool calls';
    case 'runtime':
      return 'runtime';
    case 'file-change':
    case 'persistent-dir':
      return 'files';
    default:
      return 'events';
  }
}

function labelOf(item: SessionItem): string {
  switch (item.kind) {
    case 'model-call':
      return `model call ${item.model} step ${item.stepNumber ?? '?'} · ${item.status}`;
    case 'tool-call':
      return `tool ${item.toolName} ${item.toolCallId} · ${item.status}`;
    case 'runtime':
      return `${item.type.replace('harness.runtime.', '')}${item.command ? ` $ ${item.command}` : ''}`;
    case 'file-change':
      return `file ${item.change} ${item.path}`;
    case 'persistent-dir':
      return `${item.type.replace('harness.persistent_dir.', 'persistent dir ')} ${item.harnessDir}`;
    case 'outcome':
      return `outcome ${item.status}${item.retracted ? ' withdrawn' : ''} (${item.fate})`;
    default:
      return item.type;
  }
}
