/**
 * Hand-made event logs for the fold tests: sequences dense from 1, recordedAt one second
 * apart unless set, eventIds recomputed when a hash function is given (tests pass
 * node:crypto's; this file stays pure).
 */
import type { EventEnvelope } from '../../shared/events/envelope';
import { recomputeEventId, type Sha256Hex } from '../../shared/fold/integrity/digest';

/** Per-event overrides. */
export type EventExtras = { occurrenceId?: string; recordedAt?: string; runId?: string };

/** Appends events to one run's log. */
export class TestLogBuilder {
  readonly events: EventEnvelope[] = [];
  private clock: number;

  constructor(
    readonly runId: string,
    private readonly sha256Hex?: Sha256Hex,
    start = '2026-11-01T00:00:00.000Z',
  ) {
    this.clock = Date.parse(start);
  }

  /** Append an event and return it. */
  add(type: string, payload: unknown, extras: EventExtras = {}): EventEnvelope {
    const recordedAt = extras.recordedAt ?? new Date(this.clock).toISOString();
    this.clock = Date.parse(recordedAt) + 1000;
    const event: EventEnvelope = {
      eventId: 'evt_0000000000000000',
      runId: extras.runId ?? this.runId,
      sequence: this.events.length + 1,
      type,
      ...(extras.occurrenceId === undefined ? {} : { occurrenceId: extras.occurrenceId }),
      recordedAt,
      payload,
    };
    if (this.sha256Hex !== undefined) event.eventId = recomputeEventId(event, this.sha256Hex) ?? event.eventId;
    this.events.push(event);
    return event;
  }

  /** Jump the clock forward (a crash's downtime). */
  wait(ms: number): this {
    this.clock += ms;
    return this;
  }
}
