/** One row of the events list, or its placeholder while the page is loading. */
import type { EventRow } from '../../../shared/run/run-detail-types';

/** Row height in px (fixed: the virtual list positions rows arithmetically). */
export const EVENT_ROW_HEIGHT = 24;

/** DOM id of a row (for aria-activedescendant). */
export function eventRowId(sequence: number): string {
  return `event-row-${sequence}`;
}

/** `HH:MM:SS.mmm` of an ISO timestamp (UTC, as recorded). */
export function clockTime(iso: string): string {
  return /T(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(iso)?.[1] ?? iso;
}

/** Payload size as `812 B` / `12.4 kB` / `3.1 MB` (characters of JSON). */
export function sizeLabel(chars: number): string {
  if (chars < 1000) return `${chars} B`;
  if (chars < 1_000_000) return `${(chars / 1000).toFixed(1)} kB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

/**
 * `sequence` is unknown while a filtered list's page loads; `row` is undefined while its page
 * loads, null where the log has no event with the sequence (a gap).
 */
type Props = {
  sequence: number | undefined;
  row: EventRow | null | undefined;
  error: string | undefined;
  selected: boolean;
  /** Past the event the run is shown as of (time travel): not yet written at that point. */
  future?: boolean;
  /** The run is shown as of this event (time travel): the log ends here as of that position. */
  endsHere?: number;
  onSelect(sequence: number): void;
  /** A note is pinned to this event. */
  noted?: boolean;
};

/** A listbox option; clicking selects it. */
export function EventRowView({ sequence, row, error, selected, future = false, endsHere, onSelect, noted = false }: Props) {
  return (
    <div
      id={sequence === undefined ? undefined : eventRowId(sequence)}
      role="option"
      aria-selected={selected}
      className={`ev-row${selected ? ' ev-selected' : ''}${row ? '' : ' ev-placeholder'}${future ? ' ev-future' : ''}${endsHere === undefined ? '' : ' ev-ends-here'}`}
      onClick={() => sequence !== undefined && onSelect(sequence)}
    >
      <span className="ev-seq">
        {sequence ?? ''}
        {noted && (
          <span className="ev-note-marker" title="A note is pinned to this event" aria-label=", has a note">
            {' '}✎
          </span>
        )}
      </span>
      {row ? (
        <>
          <span className="ev-time">{clockTime(row.recordedAt)}</span>
          <span className="ev-type" title={row.type}>{row.type}</span>
          <span className="ev-step" title={row.stepPath}>{row.stepPath ?? ''}</span>
          <span className="ev-caller">{row.caller ?? ''}</span>
          <span className="ev-size">
            {row.undecodable ? <span className="ev-flag">undecodable</span> : row.payloadChars < 0 ? <span className="muted" title="live row: size follows">…</span> : sizeLabel(row.payloadChars)}
          </span>
        </>
      ) : (
        <span className="ev-loading">{row === null ? 'no event with this sequence (the log skips it)' : error ? `page failed: ${error}` : 'loading…'}</span>
      )}
      {endsHere !== undefined && (
        <span className="ev-ends" data-testid="log-ends-here">
          the log ends here (as of #{endsHere})
        </span>
      )}
    </div>
  );
}
