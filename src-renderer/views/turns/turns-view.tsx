/**
 * Turns & tools: every harness session's model turns in order, each followed by the tool
 * calls it requested, with "resumed here" markers between sessions. A virtual list of
 * fixed-height rows on the left (thousands of turns stay smooth), the selected item in full
 * on the right. `#/run/<id>/session/<n>` scrolls to and highlights that session.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { HarnessSelection, RunHead } from '../../../shared/run/run-head-types';
import { showsItem, turnRowItem } from '../../../shared/run/turn-rows';
import type { RunAddress } from '../../components/run-links';
import { VirtualList } from '../../components/virtual-list';
import { useHarnessItem } from '../../stores/run-pieces';
import { useSlice } from '../../stores/use-slice';
import { ListLoading } from '../../components/list-loading';
import { formatDuration } from '../crash/relative-time';
import { SessionDetail } from './session-detail';
import { ToolDetail } from './tool-detail';
import { TurnDetail } from './turn-detail';
import { TurnRowView, type TurnSelection } from './turn-row';
import './turns.css';

const ROW_HEIGHT = 28;

/** The turns tab body; `session` is the deep-linked session id, if any. */
export function TurnsView({ detail, at, session }: { detail: RunHead; at: RunAddress; session?: number }) {
  const { harness, ref } = detail;
  const [selection, setSelection] = useState<TurnSelection>(() => (session !== undefined ? { kind: 'session', id: session } : harness.initial));
  // Rows live in main; `find` asks where the selection is so the list can scroll to it.
  const [findTarget, setFindTarget] = useState<HarnessSelection | null>(selection);
  const rows = useSlice<'turns'>(ref, detail.build, { section: 'turns', ...(findTarget ? { find: findTarget } : {}) });
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  // Row of the selection when known (clicked, moved to, or found by main).
  const [selectedIndex, setSelectedIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const pane = useHarnessItem(ref, detail.build, selection);

  useEffect(() => {
    if (session === undefined) return;
    setSelection({ kind: 'session', id: session });
    setFindTarget({ kind: 'session', id: session });
  }, [session]);

  // Scroll once main told where the looked-for item is.
  useEffect(() => {
    if (rows.found === undefined || rows.found < 0) return;
    setScrollTo(rows.found);
    setSelectedIndex(rows.found);
  }, [rows.found, findTarget]);

  const select = useCallback((next: TurnSelection, index?: number) => {
    setSelection(next);
    // Picked in the list: it is on screen already. Picked elsewhere (a link in a pane): find it.
    if (index !== undefined) setSelectedIndex(index);
    else if (next) setFindTarget(next);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    const total = rows.total ?? 0;
    for (let i = selectedIndex + step; i >= 0 && i < total; i += step) {
      const r = rows.item(i);
      // Rows not fetched yet: stay put (the list fetches them as they scroll in).
      if (!r) return;
      const sel = turnRowItem(r);
      if (!sel) continue;
      setSelection(sel);
      setSelectedIndex(i);
      setScrollTo(i);
      // Keep focus on the moved-to row once the virtual list has rendered it.
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLButtonElement>(`[data-row="${i}"] .tr-select`)?.focus());
      return;
    }
  };

  const { counts } = harness;
  if (counts.sessions === 0 && counts.modelTurns === 0 && counts.toolCalls === 0) {
    return <p className="empty">No harness sessions, model turns or tool calls in this run's log (it may run only lifecycle events or code steps).</p>;
  }
  const inFlight = counts.inFlightTurns + counts.inFlightTools;
  const highlighted = session;
  const refs = pane.phase === 'ready' ? pane.value : null;
  return (
    <div className="turns">
      <p className="turns-summary">
        {counts.sessions} session{counts.sessions === 1 ? '' : 's'} · {counts.modelTurns} model turn{counts.modelTurns === 1 ? '' : 's'} ·{' '}
        {counts.toolCalls} tool call{counts.toolCalls === 1 ? '' : 's'}
        {inFlight > 0 && <span className="tr-chip tr-inflight">{inFlight} in flight</span>}
        {harness.resumes.length > 0 && (
          <span className="tr-chip tr-after">
            resumed {harness.resumes.length}× · {formatDuration(harness.resumes.reduce((sum, r) => sum + (r.gapMs ?? 0), 0))} downtime
          </span>
        )}
        <span className="muted"> · prices from {detail.pricing.tableName} · ↑/↓ to move</span>
      </p>
      <div className="turns-layout">
        <div className="turns-list" ref={listRef} onKeyDown={onKeyDown}>
          {rows.error ? (
            <p className="error" role="alert">{rows.error.message}</p>
          ) : rows.total === null ? (
            <ListLoading what={`the list of ${(counts.sessions + counts.modelTurns + counts.toolCalls).toLocaleString('en-US')} sessions, turns and tool calls`} />
          ) : (
            <VirtualList
              count={rows.total ?? 0}
              rowHeight={ROW_HEIGHT}
              scrollToIndex={scrollTo}
              onRangeChange={rows.onRange}
              label="Sessions, model turns and tool calls"
              renderRow={(i) => {
                const row = rows.item(i);
                if (!row) return <div className="tr-row tr-placeholder" data-row={i} role="listitem" aria-busy="true"><span className="row-loading">loading…</span></div>;
                return (
                  <TurnRowView
                    row={row}
                    index={i}
                    harness={rows.refs}
                    at={at}
                    selected={showsItem(row, selection)}
                    highlighted={row.kind === 'session' && row.sessionId === highlighted}
                    onSelect={(s, index) => select(s, index)}
                  />
                );
              }}
            />
          )}
        </div>
        <div className="turns-detail" role="region" aria-label="Selected item">
          {selection === null ? (
            <p className="empty">Select a session, turn or tool call.</p>
          ) : pane.phase === 'error' ? (
            <p className="error" role="alert">
              {pane.error.code === 'item-not-found' ? `This run has no ${selection.kind} ${selection.id}.` : pane.error.message}
            </p>
          ) : refs === null ? (
            <p className="loading" role="status">Loading {selection.kind} {selection.id}…</p>
          ) : selection.kind === 'turn' && refs.modelTurns[selection.id] ? (
            <TurnDetail key={`t${selection.id}`} detail={detail} refs={refs} at={at} turnId={selection.id} onSelect={(s) => select(s)} />
          ) : selection.kind === 'tool' && refs.toolCalls[selection.id] ? (
            <ToolDetail key={`c${selection.id}`} detail={detail} refs={refs} at={at} toolId={selection.id} onSelect={(s) => select(s)} />
          ) : selection.kind === 'session' && refs.sessions[selection.id] ? (
            <SessionDetail key={`s${selection.id}`} detail={detail} refs={refs} at={at} sessionId={selection.id} onSelect={(s) => select(s)} />
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
