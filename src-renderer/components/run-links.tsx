/**
 * Links into the run view: to an event, a tab, a session or another run. Plain `<a href>` so
 * they open in a new tab, copy as deep links, and Back works; the hash listener routes them.
 */
import type { ReactNode } from 'react';
import { formatRoute, runBase, type RunTab } from '../routing/route';

/** Where a link points inside the run view (the data dir label and the position in time travel along when set). */
export type RunAddress = { runId: string; dir: string | null; at?: number };

/** Hash of one event of a run (`#/run/<id>/event/<seq>`). */
export function eventHref(at: RunAddress, sequence: number): string {
  return formatRoute({ ...runBase(at), tab: 'events', event: sequence });
}

/** Hash of one tab of a run. */
export function tabHref(at: RunAddress, tab: RunTab): string {
  return formatRoute({ ...runBase(at), tab });
}

/** Hash of a harness session in the turns view. */
export function sessionHref(at: RunAddress, sessionId: number): string {
  return formatRoute({ ...runBase(at), tab: 'turns', session: sessionId });
}

/** "seq N" linking to the event; a muted dash when the sequence is unknown. */
export function EventLink({ at, sequence, children }: { at: RunAddress; sequence: number | undefined; children?: ReactNode }) {
  if (sequence === undefined) return <span className="muted">—</span>;
  return (
    <a className="event-link mono" href={eventHref(at, sequence)} title={`Open event ${sequence} in the events view`}>
      {children ?? `#${sequence}`}
    </a>
  );
}

/** A link to another run's overview (sub-runs, parent runs); same data dir label as `from`. */
export function RunLink({ runId, dir }: { runId: string; dir: string | null }) {
  return (
    <a className="mono" href={formatRoute({ view: 'run', runId, dir, tab: 'overview' })}>
      {runId}
    </a>
  );
}
