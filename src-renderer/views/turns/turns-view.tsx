/**
 * Turns & tools: every harness session's model turns in order, each followed by the tool
 * calls it requested, with "resumed here" markers between sessions. A virtual list of
 * fixed-height rows on the left (thousands of turns stay smooth), the selected item in full
 * on the right. `#/run/<id>/session/<n>` scrolls to and highlights that session.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import type { RunAddress } from '../../components/run-links';
import { VirtualList } from '../../components/virtual-list';
import { formatDuration } from '../crash/relative-time';
import { SessionDetail } from './session-detail';
import { ToolDetail } from './tool-detail';
import { TurnDetail } from './turn-detail';
import { TurnRowView, type TurnSelection } from './turn-row';
import { buildTurnRows, sessionRowIndex, type TurnRow } from './turn-rows';
import './turns.css';

const ROW_HEIGHT = 28;

/** The turns tab body; `session` is the deep-linked session id, if any. */
export function TurnsView({ detail, at, session }: { detail: RunDetail; at: RunAddress; session?: number }) {
  const { harness } = detail;
  const rows = useMemo(() => buildTurnRows(harness), [harness]);
  const [selection, setSelection] = useState<TurnSelection>(() => initialSelection(detail, session));
  const [scrollTo, setScrollTo] = useState<number | null>(() => indexOf(rows, initialSelection(detail, session)));
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (session === undefined) return;
    setSelection({ kind: 'session', id: session });
    setScrollTo(sessionRowIndex(rows, session));
  }, [session, rows]);

  const select = useCallback((next: TurnSelection, index?: number) => {
    setSelection(next);
    if (index === undefined) setScrollTo(indexOf(rows, next));
  }, [rows]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    for (let i = indexOf(rows, selection) + step; i >= 0 && i < rows.length; i += step) {
      const sel = selectionOf(rows[i]);
      if (!sel) continue;
      setSelection(sel);
      setScrollTo(i);
      // Keep focus on the moved-to row once the virtual list has rendered it.
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLButtonElement>(`[data-row="${i}"] .tr-select`)?.focus());
      return;
    }
  };

  if (harness.sessions.length === 0 && harness.modelTurns.length === 0 && harness.toolCalls.length === 0) {
    return <p className="empty">No harness sessions, model turns or tool calls in this run's log (it may run only lifecycle events or code steps).</p>;
  }
  const inFlight = harness.modelTurns.filter((t) => t.status === 'in-flight').length + harness.toolCalls.filter((c) => c.status === 'in-flight').length;
  const highlighted = session;
  return (
    <div className="turns">
      <p className="turns-summary">
        {harness.sessions.length} session{harness.sessions.length === 1 ? '' : 's'} · {harness.modelTurns.length} model turn{harness.modelTurns.length === 1 ? '' : 's'} ·{' '}
        {harness.toolCalls.length} tool call{harness.toolCalls.length === 1 ? '' : 's'}
        {inFlight > 0 && <span className="tr-chip tr-inflight">{inFlight} in flight</span>}
        {harness.resumes.length > 0 && (
          <span className="tr-chip tr-after">
            resumed {harness.resumes.length}× · {formatDuration(harness.resumes.reduce((sum, r) => sum + (r.gapMs ?? 0), 0))} downtime
          </span>
        )}
        <span className="muted"> · prices from the bundled table · ↑/↓ to move</span>
      </p>
      <div className="turns-layout">
        <div className="turns-list" ref={listRef} onKeyDown={onKeyDown}>
          <VirtualList
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            scrollToIndex={scrollTo}
            label="Sessions, model turns and tool calls"
            renderRow={(i) => {
              const row = rows[i];
              const sel = selectionOf(row);
              return (
                <TurnRowView
                  row={row}
                  index={i}
                  harness={harness}
                  at={at}
                  selected={sel !== null && selection !== null && sel.kind === selection.kind && sel.id === selection.id}
                  highlighted={row.kind === 'session' && row.sessionId === highlighted}
                  onSelect={(s, index) => select(s, index)}
                />
              );
            }}
          />
        </div>
        <div className="turns-detail" role="region" aria-label="Selected item">
          {selection === null ? (
            <p className="empty">Select a session, turn or tool call.</p>
          ) : selection.kind === 'turn' && harness.modelTurns[selection.id] ? (
            <TurnDetail key={`t${selection.id}`} detail={detail} at={at} turnId={selection.id} onSelect={(s) => select(s)} />
          ) : selection.kind === 'tool' && harness.toolCalls[selection.id] ? (
            <ToolDetail key={`c${selection.id}`} detail={detail} at={at} toolId={selection.id} onSelect={(s) => select(s)} />
          ) : selection.kind === 'session' && harness.sessions[selection.id] ? (
            <SessionDetail key={`s${selection.id}`} detail={detail} at={at} sessionId={selection.id} onSelect={(s) => select(s)} />
          ) : (
            <p className="error" role="alert">
              This run has no {selection.kind} {selection.id}.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function selectionOf(row: TurnRow): TurnSelection {
  if (row.kind === 'session') return { kind: 'session', id: row.sessionId };
  if (row.kind === 'turn') return { kind: 'turn', id: row.turnId };
  if (row.kind === 'tool') return { kind: 'tool', id: row.toolId };
  return null;
}

function indexOf(rows: TurnRow[], sel: TurnSelection): number {
  if (!sel) return -1;
  return rows.findIndex((r) => {
    const s = selectionOf(r);
    return s !== null && s.kind === sel.kind && s.id === sel.id;
  });
}

/** Deep-linked session, else the first thing in flight (the reason people come here), else the first turn. */
function initialSelection(detail: RunDetail, session: number | undefined): TurnSelection {
  const { harness } = detail;
  if (session !== undefined) return { kind: 'session', id: session };
  const turn = harness.modelTurns.find((t) => t.status === 'in-flight');
  if (turn) return { kind: 'turn', id: turn.id };
  const tool = harness.toolCalls.find((c) => c.status === 'in-flight');
  if (tool) return { kind: 'tool', id: tool.id };
  if (harness.modelTurns[0]) return { kind: 'turn', id: 0 };
  if (harness.toolCalls[0]) return { kind: 'tool', id: 0 };
  return harness.sessions[0] ? { kind: 'session', id: harness.sessions[0].id } : null;
}
