/** The two timing rows of a call's detail (a model turn's called/responded, a tool call's started/ended): each event linked, the end with how long after. */
import { EventLink, type RunAddress } from '../../components/run-links';
import { formatTime } from '../../format';
import { formatDuration, msBetween } from '../crash/relative-time';

/** One end of a call: the event it rests on and when it was recorded (absent: the log has none). */
export type CallEnd = { label: string; sequence: number | undefined; at: string | undefined };

export function StartEndRows({ at, start, end }: { at: RunAddress; start: CallEnd; end: CallEnd }) {
  return (
    <>
      <dt>{start.label}</dt>
      <dd>
        <EventLink at={at} sequence={start.sequence} /> {formatTime(start.at ?? null)}
      </dd>
      <dt>{end.label}</dt>
      <dd>
        {end.sequence !== undefined ? (
          <>
            <EventLink at={at} sequence={end.sequence} /> {formatTime(end.at ?? null)}{' '}
            <span className="muted">({formatDuration(msBetween(start.at, end.at))} later)</span>
          </>
        ) : (
          <span className="muted">never</span>
        )}
      </dd>
    </>
  );
}
