/**
 * The events list of a run being written: new rows show at once (their payload size follows
 * when their page is fetched again, at most once a second), a filtered list is asked for again
 * (main filters), and rows a transport skipped are fetched as they come into view.
 * A rewritten log needs nothing here: the run's reset count is the list's epoch.
 */
import { useEffect, useRef } from 'react';
import type { LiveEventSummary } from '../../../shared/live/live-types';
import type { EventRow, RunRef } from '../../../shared/run/run-detail-types';
import { runKeyOf } from '../../../shared/run/run-key';
import { onLiveFrame } from '../../stores/live-store';
import type { SliceWindow } from '../../stores/use-slice';

/** Least gap between two refetches of a live list's pages. */
export const LIVE_REFETCH_MS = 1000;

/** A list row from a live summary: payload size unknown (-1) until its page is fetched. */
export function liveRow(event: LiveEventSummary): EventRow {
  return { ...event, payloadChars: -1 };
}

/** Keep the events window of `ref` current while it is written; `again` asks a filtered list anew. */
export function useEventsLive(ref: RunRef, events: SliceWindow<'events'>, filtered: boolean, again: () => void): void {
  const current = useRef({ events, filtered, again });
  current.current = { events, filtered, again };
  const key = runKeyOf(ref);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      timer ??= setTimeout(() => {
        timer = null;
        const { events: window, filtered: isFiltered, again: ask } = current.current;
        if (isFiltered) ask();
        else window.refresh();
      }, LIVE_REFETCH_MS);
    };
    const off = onLiveFrame((frame) => {
      const rows = frame.appended[key] ?? [];
      const skipped = frame.skipped[key] ?? 0;
      if (rows.length === 0 && skipped === 0) return;
      const { events: window, filtered: isFiltered } = current.current;
      if (!isFiltered && rows.length > 0) {
        // Item i is sequence i + 1; rows main already sent keep their payload sizes.
        const fresh = rows.filter((row) => window.item(row.sequence - 1) === undefined);
        const last = rows[rows.length - 1]!.sequence;
        if (fresh.length > 0) window.extend(last, fresh[0]!.sequence - 1, contiguous(fresh).map(liveRow));
        else window.extend(last, last, []);
      }
      later();
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [key]);
}

/** The leading run of rows with consecutive sequences (a skip leaves the rest to be fetched). */
function contiguous(rows: readonly LiveEventSummary[]): LiveEventSummary[] {
  let end = 1;
  while (end < rows.length && rows[end]!.sequence === rows[end - 1]!.sequence + 1) end++;
  return rows.slice(0, end);
}
