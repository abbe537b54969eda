/**
 * The events list and single events from a bundle's rows and bodies: the same answers main gives
 * from the log (src-main/library/events-slice.ts), over an array in memory.
 */
import type { BundleRow } from '../../shared/bundle/bundle-types';
import type { ResponseOf } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { cleanEventFilter, rowMatchesFilter } from '../../shared/run/event-filter-spec';
import type { EventRow } from '../../shared/run/run-detail-types';
import type { Slice, SliceSpec } from '../../shared/run/run-head-types';

type EventsSpec = Extract<SliceSpec, { section: 'events' }>;

/** The events section and `run.event` of one bundled run. */
export function createBundleEvents(runId: string, rows: readonly BundleRow[], bodies: Uint8Array) {
  const bySequence = new Map(rows.map((row) => [row.sequence, row]));
  const last = rows.reduce((n, row) => Math.max(n, row.sequence), 0);
  const filtered = new Map<string, number[]>();
  const decoder = new TextDecoder();
  const plain = ({ body: _body, unread: _unread, ...row }: BundleRow): EventRow => row;

  return {
    slice(spec: EventsSpec): Slice<'events'> {
      const base = { section: 'events' as const, from: spec.from, build: 0 };
      const filter = cleanEventFilter(spec.filter);
      if (filter === null) {
        // Item i is sequence i + 1, a gap in the log a null, as main lists them.
        const shown = Math.max(0, Math.min(spec.count, last - spec.from));
        const items = Array.from({ length: shown }, (_, i) => {
          const row = bySequence.get(spec.from + 1 + i);
          return row ? plain(row) : null;
        });
        const found = spec.find === undefined ? undefined : spec.find >= 1 && spec.find <= last ? spec.find - 1 : -1;
        return { ...base, total: last, items, ...(found === undefined ? {} : { found }) };
      }
      const key = JSON.stringify(filter);
      let list = filtered.get(key);
      if (!list) {
        list = rows.filter((row) => rowMatchesFilter(row, filter)).map((row) => row.sequence);
        filtered.set(key, list);
      }
      const items = list.slice(spec.from, spec.from + spec.count).map((sequence) => plain(bySequence.get(sequence)!));
      const found = spec.find === undefined ? undefined : list.indexOf(spec.find);
      return { ...base, total: list.length, items, ...(found === undefined ? {} : { found }) };
    },

    /** Event `sequence` in full, or its envelope with `omittedBytes` when the budget left its payload out. */
    event(sequence: number): Result<ResponseOf<'run.event'>> {
      const row = bySequence.get(sequence);
      if (!row) return fail(diagnostic('invalid-argument', `Run ${runId} has no event ${sequence}`, { runId, sequence }));
      if (row.unread) return fail(diagnostic('sqlite-read-failed', `The payload of event ${sequence} could not be read from the log when this bundle was made.`, { runId, sequence }));
      const envelope = { eventId: row.eventId, runId, sequence, type: row.type, ...(row.occurrenceId === undefined ? {} : { occurrenceId: row.occurrenceId }), recordedAt: row.recordedAt };
      if (!row.body) return ok({ event: { ...envelope, payload: null }, rawPayload: null, omittedBytes: row.payloadChars });
      const text = decoder.decode(bodies.subarray(row.body.offset, row.body.offset + row.body.length));
      if (row.undecodable) return ok({ event: null, rawPayload: text });
      return ok({ event: { ...envelope, payload: JSON.parse(text) as unknown }, rawPayload: null });
    },
  };
}
