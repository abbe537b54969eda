/**
 * The time-travel bar of a run view: a scrubber over the run's events (drag, or the keys `[` `]`
 * `{` `}`) and, while the run is shown as of an event, the banner "as of #N (type, time) — back
 * to now". The tabs below show the model main built at that event.
 */
import { useEffect, useState } from 'react';
import type { RunHead } from '../../../shared/run/run-head-types';
import type { Route } from '../../routing/route';
import { formatTime } from '../../format';
import { clampSequence } from './time-travel';
import type { TimeTravel } from './use-time-travel';
import './time-travel.css';

type Props = {
  route: Extract<Route, { view: 'run' }>;
  /** The head on screen (it may still be the previous position's while the next loads). */
  head: RunHead | null;
  last: number;
  moving: boolean;
  travel: TimeTravel;
};

export function TimeTravelBar({ route, head, last, moving, travel }: Props) {
  const at = route.at;
  const [draft, setDraft] = useState(at ?? last);
  useEffect(() => setDraft(at ?? last), [at, last]);
  // The event the banner names: the head's last event once the head at N is on screen.
  const shown = head?.ref.at === at && at !== undefined ? head?.boundary?.lastEvent : undefined;

  return (
    <div className={`tt-bar${at === undefined ? '' : ' tt-active'}`} role="region" aria-label="Time travel">
      {at !== undefined && (
        <p className="tt-banner" role="status" data-testid="time-travel-banner" data-shown-at={shown ? at : undefined}>
          <strong>As of #{at}</strong>
          {shown ? (
            <span className="mono"> ({shown.type}, {formatTime(shown.recordedAt)})</span>
          ) : (
            <span className="muted"> (loading…)</span>
          )}{' '}
          <span className="muted">of {last.toLocaleString('en-US')} events: the run as if its process had died right after this event.</span>{' '}
          <button type="button" className="tt-now" onClick={() => travel.goTo(undefined, true)}>
            Back to now
          </button>
        </p>
      )}
      <div className="tt-scrub">
        <button type="button" title="Previous step boundary ({)" aria-label="Previous step boundary" onClick={() => travel.move({ unit: 'boundary', direction: -1 })}>
          {'{'}
        </button>
        <button type="button" title="One event earlier ([)" aria-label="One event earlier" onClick={() => travel.move({ unit: 'event', direction: -1 })}>
          [
        </button>
        <input
          type="range"
          min={1}
          max={Math.max(1, last)}
          value={draft}
          aria-label="Event to show the run as of"
          aria-valuetext={`event ${draft} of ${last}`}
          onChange={(e) => {
            const value = clampSequence(Number(e.target.value), last);
            setDraft(value);
            travel.goTo(value);
          }}
        />
        <button type="button" title="One event later (])" aria-label="One event later" onClick={() => travel.move({ unit: 'event', direction: 1 })}>
          ]
        </button>
        <button type="button" title="Next step boundary (})" aria-label="Next step boundary" onClick={() => travel.move({ unit: 'boundary', direction: 1 })}>
          {'}'}
        </button>
        <span className="tt-position mono" aria-live="off">
          {at === undefined ? `now (#${last})` : `#${draft}`}
          {moving && <span className="muted"> · folding…</span>}
        </span>
      </div>
    </div>
  );
}
