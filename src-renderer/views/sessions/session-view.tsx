/**
 * One little-harness session: doctor's summary, then its trace in order (session-items.tsx),
 * each item with its links into the workflow event logs of the session's own Local Worlds,
 * then the lines that could not be read. While the session is written to, the view is read
 * again as the live observer delivers its new lines (a half-written last line waits).
 * `#/session/…&occ=<occurrenceId>` picks out the item of one occurrence (the way back from an
 * events.db event).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { itemLinks } from '../../../shared/harness-trace/session-link-targets';
import { TRACE_SCHEMA } from '../../../shared/harness-trace/trace-names';
import { isFailedItem, type SessionItem } from '../../../shared/harness-trace/session-model';
import type { SessionView as SessionViewModel } from '../../../shared/harness-trace/session-view-types';
import { api } from '../../api';
import { IDLE, LOADING, loaded, type Load } from '../../stores/load';
import { OutcomesSection } from './outcomes-section';
import { ItemLinks, ItemRow, type SessionRoute } from './session-items';
import { SessionTimelineStrip, sessionItemId } from './session-timeline';
import { useSessionLive } from './use-session-live';
import './sessions.css';
import { sessionStateWord } from '../../../shared/harness-trace/session-state';

/** The session screen. */
/** Rows drawn at first, and added per "show more" (a long session is not drawn whole at once). */
const ROWS_PAGE = 500;

export function SessionView({ route }: { route: SessionRoute & { occurrence?: string } }) {
  const [load, setLoad] = useState<Load<SessionViewModel>>(IDLE);
  const [shown, setShown] = useState(ROWS_PAGE);
  const [goTo, setGoTo] = useState<number | null>(null);
  const sessionId = load.phase === 'ready' ? load.value.listing.sessionId : null;
  const version = useSessionLive(route.dir, sessionId);
  useEffect(() => {
    setLoad(LOADING);
    setShown(ROWS_PAGE);
  }, [route.dir, route.sessionId]);
  useEffect(() => {
    let live = true;
    // A live re-read keeps the items on screen until the new ones arrive.
    void api['session.view']({ harnessDir: route.dir, sessionId: route.sessionId }).then((r) => live && (r.ok || version === 0) && setLoad(loaded(r)));
    return () => {
      live = false;
    };
  }, [route.dir, route.sessionId, version]);
  const picked = useRef<HTMLLIElement | null>(null);
  const ready = load.phase === 'ready';
  useEffect(() => {
    if (ready) picked.current?.scrollIntoView({ block: 'center' });
  }, [ready, route.occurrence]);
  const links = useMemo(() => (load.phase === 'ready' ? load.value.items.map((item) => itemLinks(item, load.value.links)) : []), [load]);
  const rows = useMemo(() => (load.phase === 'ready' ? traceRows(load.value) : []), [load]);
  // The picked occurrence and a mark clicked on the strip are drawn even past the shown rows.
  const pickedRow = rows.findIndex((r) => r.kind === 'item' && route.occurrence !== undefined && occurrenceOf(r.item) === route.occurrence);
  const goToRow = goTo === null ? -1 : rows.findIndex((r) => r.kind === 'item' && r.index === goTo);
  const limit = Math.max(shown, pickedRow + 1, goToRow + 1);
  useEffect(() => {
    if (goTo === null) return;
    const target = document.getElementById(sessionItemId(goTo));
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
    setShown((n) => Math.max(n, goToRow + 1));
    setGoTo(null);
  }, [goTo, goToRow]);
  if (load.phase === 'error') return <p role="alert" className="error">{load.error.message}</p>;
  if (load.phase !== 'ready') return <p className="muted">Reading the session…</p>;
  const v = load.value;
  const d = v.doctor;
  return (
    <section className="session-view" aria-label={`Session ${v.listing.sessionId}`} data-events={d.eventCount}>
      <p>
        <a href="#/">← Library</a>
      </p>
      <h2 className="mono">{v.listing.sessionId}</h2>
      <p className="muted">
        <span data-testid="session-state">{sessionStateWord(v.listing.state)}</span> · {v.listing.harnessDir}/sessions/{v.listing.pathKey} · {v.listing.firstAt ?? '–'} → {v.listing.lastAt ?? '–'}
      </p>
      <dl className="session-doctor" aria-label="doctor">
        <Stat label="events" value={d.eventCount} />
        <Stat label="invalid lines" value={d.invalidEventCount} bad={d.invalidEventCount > 0} />
        <Stat label="failures" value={d.failureCount} bad={d.failureCount > 0} />
        <Stat label="spooled outputs" value={d.spooledOutputCount} />
        <Stat label="content refs" value={d.contentRefCount} />
        <Stat label="in /artifacts/trace/" value={d.largeTraceArtifactCount} />
        <Stat label="redacted events" value={d.redactionCount} />
      </dl>
      {v.listing.problem !== null && (
        <p className="session-problem" role="note">
          {v.listing.problem}. little-harness itself reports this session as not found; its trace is shown as written.
        </p>
      )}
      {d.eventCount === 0 && d.invalidEventCount > 0 && (
        <p className="session-problem" role="note">
          None of the trace's {d.invalidEventCount} lines is an event little-harness accepts (schema {TRACE_SCHEMA}): each is shown below with the reason.
        </p>
      )}
      {v.tornTail && (
        <p className="session-torn" role="note">
          The trace ends in a half-written line (line {v.tornTail.line}, {v.tornTail.bytes} bytes): the writer stopped mid-append, or is writing it now. Everything before it is read.
        </p>
      )}
      {v.linkProblems.length > 0 && <p className="muted">Links to the session's workflow runs are incomplete: {v.linkProblems.join('; ')}</p>}
      <SessionTimelineStrip items={v.items} onPick={setGoTo} />
      <ol className="session-items">
        {rows.slice(0, limit).map((row) => {
          if (row.kind === 'rejected') {
            return (
              <li key={`line-${row.line}`} className="session-item kind-invalid bad">
                <span className="mono">line {row.line}</span> <b>{row.torn ? 'half-written' : 'rejected'}</b>: {row.reason}
                <pre>{row.text}</pre>
              </li>
            );
          }
          const { item, index } = row;
          const isPicked = route.occurrence !== undefined && occurrenceOf(item) === route.occurrence;
          return (
            <li key={`item-${index}`} id={sessionItemId(index)} tabIndex={-1} ref={isPicked ? picked : undefined} className={`session-item kind-${item.kind}${isFailedItem(item) ? ' bad' : ''}${isPicked ? ' picked' : ''}`} aria-current={isPicked ? 'true' : undefined}>
              <ItemRow item={item} route={route} />
              <ItemLinks links={links[index] ?? []} />
            </li>
          );
        })}
      </ol>
      {rows.length > limit && (
        <p>
          <button type="button" onClick={() => setShown(limit + ROWS_PAGE)}>
            Show {Math.min(ROWS_PAGE, rows.length - limit).toLocaleString('en-US')} more of {(rows.length - limit).toLocaleString('en-US')} further lines
          </button>
        </p>
      )}
      {v.listing.counts !== null && v.listing.counts.outcomes > 0 && <OutcomesSection harnessDir={route.dir} sessionId={route.sessionId} title="Outcomes of this session" version={version} />}
    </section>
  );
}

type TraceRow = { kind: 'item'; line: number; item: SessionItem; index: number } | { kind: 'rejected'; line: number; reason: string; text: string; torn: boolean };

/** The items and the lines little-harness rejects, where each sits in the file. */
function traceRows(v: SessionViewModel): TraceRow[] {
  const rows: TraceRow[] = v.items.map((item, index) => ({ kind: 'item', line: item.line, item, index }));
  for (const l of v.invalidLines) rows.push({ kind: 'rejected', line: l.line, reason: l.reason, text: l.text, torn: false });
  if (v.tornTail) rows.push({ kind: 'rejected', line: v.tornTail.line, reason: `${v.tornTail.bytes} bytes without a newline; read once the writer ends the line`, text: v.tornTail.text, torn: true });
  return rows.sort((a, b) => a.line - b.line);
}

function occurrenceOf(item: SessionItem): string | undefined {
  return item.kind === 'model-call' || item.kind === 'tool-call' || item.kind === 'event' ? item.occurrenceId : undefined;
}

function Stat({ label, value, bad }: { label: string; value: number; bad?: boolean }) {
  return (
    <div className={bad ? 'bad' : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
