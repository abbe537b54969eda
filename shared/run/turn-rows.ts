/**
 * The flat row list of the turns view: per harness session (in log order) a header, a
 * "resumed here" marker before a session that resumed an earlier one, then its model turns,
 * each followed by the tool calls it requested (paired by callId in the fold). Pure, O(n log n),
 * so a run with thousands of turns still builds in a few milliseconds.
 */
import type { LiteHarnessView } from './run-detail-types';

/** One row of the virtual list. */
export type TurnRow =
  | { kind: 'session'; sessionId: number }
  | { kind: 'loose' }
  | { kind: 'resume'; sessionId: number; previousSessionId: number; gapMs: number | null; sequence: number }
  | { kind: 'turn'; turnId: number }
  | { kind: 'tool'; toolId: number; nested: boolean };

/** Build the rows for `harness`. */
export function buildTurnRows(harness: Pick<LiteHarnessView, 'sessions' | 'modelTurns' | 'toolCalls' | 'resumes'>): TurnRow[] {
  const rows: TurnRow[] = [];
  const emittedTools = new Set<number>();
  const resumeBySession = new Map(harness.resumes.map((r) => [r.sessionId, r]));
  const turnsBySession = group(harness.modelTurns, (t) => t.sessionId);
  const toolsBySession = group(harness.toolCalls, (t) => t.sessionId);

  const emitItems = (turnIds: number[], toolIds: number[]) => {
    type Entry = { at: number; row: 'turn' | 'tool'; id: number };
    const entries: Entry[] = turnIds.map((id) => ({ at: turnAt(harness, id), row: 'turn', id }));
    for (const id of toolIds) {
      const tool = harness.toolCalls[id];
      // Tools a turn asked for are placed under that turn, not by their own sequence.
      if (tool.requestedByTurnId !== undefined && harness.modelTurns[tool.requestedByTurnId]) continue;
      entries.push({ at: tool.startedSequence ?? tool.sequences[0] ?? 0, row: 'tool', id });
    }
    entries.sort((a, b) => a.at - b.at || (a.row === b.row ? a.id - b.id : a.row === 'turn' ? -1 : 1));
    for (const entry of entries) {
      if (entry.row === 'tool') {
        pushTool(entry.id, false);
        continue;
      }
      rows.push({ kind: 'turn', turnId: entry.id });
      const requested = [...harness.modelTurns[entry.id].toolCallItemIds].sort((a, b) => toolAt(harness, a) - toolAt(harness, b));
      for (const toolId of requested) pushTool(toolId, true);
    }
  };
  const pushTool = (toolId: number, nested: boolean) => {
    if (emittedTools.has(toolId) || !harness.toolCalls[toolId]) return;
    emittedTools.add(toolId);
    rows.push({ kind: 'tool', toolId, nested });
  };

  const sessions = [...harness.sessions].sort((a, b) => a.startSequence - b.startSequence);
  for (const session of sessions) {
    const resume = resumeBySession.get(session.id);
    if (resume) {
      rows.push({ kind: 'resume', sessionId: session.id, previousSessionId: resume.previousSessionId, gapMs: resume.gapMs, sequence: resume.sequence });
    }
    rows.push({ kind: 'session', sessionId: session.id });
    emitItems((turnsBySession.get(session.id) ?? []).map((t) => t.id), (toolsBySession.get(session.id) ?? []).map((t) => t.id));
  }
  const looseTurns = (turnsBySession.get(undefined) ?? []).map((t) => t.id);
  const looseTools = (toolsBySession.get(undefined) ?? []).map((t) => t.id).filter((id) => !emittedTools.has(id));
  if (looseTurns.length || looseTools.length) {
    rows.push({ kind: 'loose' });
    emitItems(looseTurns, looseTools);
  }
  // Anything a missing turn or session left behind still gets a row.
  for (const tool of harness.toolCalls) pushTool(tool.id, false);
  return rows;
}

/** The session, turn or tool call row `row` shows (resume markers and the loose header show none). */
export function turnRowItem(row: TurnRow): { kind: 'session' | 'turn' | 'tool'; id: number } | null {
  if (row.kind === 'session') return { kind: 'session', id: row.sessionId };
  if (row.kind === 'turn') return { kind: 'turn', id: row.turnId };
  if (row.kind === 'tool') return { kind: 'tool', id: row.toolId };
  return null;
}

/** True when `row` shows the item `item`. */
export function showsItem(row: TurnRow, item: { kind: string; id: number } | null): boolean {
  const own = turnRowItem(row);
  return own !== null && item !== null && own.kind === item.kind && own.id === item.id;
}

/** Index of the header row of `sessionId`, or -1. */
export function sessionRowIndex(rows: TurnRow[], sessionId: number): number {
  return rows.findIndex((r) => r.kind === 'session' && r.sessionId === sessionId);
}

function turnAt(h: Pick<LiteHarnessView, 'modelTurns'>, id: number): number {
  const t = h.modelTurns[id];
  return t.calledSequence ?? t.sequences[0] ?? 0;
}

function toolAt(h: Pick<LiteHarnessView, 'toolCalls'>, id: number): number {
  const t = h.toolCalls[id];
  return t?.startedSequence ?? t?.sequences[0] ?? 0;
}

function group<T>(items: T[], by: (item: T) => number | undefined): Map<number | undefined, T[]> {
  const map = new Map<number | undefined, T[]>();
  for (const item of items) {
    const k = by(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
