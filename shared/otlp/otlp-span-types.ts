/**
 * The spans a run becomes when it is sent over OTLP, as plain data: ids as lowercase hex,
 * times as the log's ISO timestamps. src-main turns these into OpenTelemetry SDK spans for the
 * exporters; nothing here knows about the wire format. docs/OTLP.md lists every attribute.
 */

/** A span attribute value (OTLP AnyValue subset we use). */
export type SpanAttributeValue = string | number | boolean;

/** Attributes by key; a key is absent rather than set to a made-up value. */
export type SpanAttributes = Record<string, SpanAttributeValue>;

/** OTLP status codes. */
export type SpanStatusCode = 'unset' | 'ok' | 'error';

/** What a span stands for (kept out of the wire: `little.span.kind` says it there). */
export type SpanItemKind = 'run' | 'step' | 'session' | 'model' | 'tool';

/** A point in a span's life (a resume, a retry, the crash boundary). */
export type SpanEventData = { name: string; time: string; attributes: SpanAttributes };

/** A link to a span of another trace (a sub-run's parent run, a tool call's sub-run). */
export type SpanLinkData = { traceId: string; spanId: string; attributes: SpanAttributes };

/**
 * How a span's end is known. `event`: its closing event is in the log (`closedAt` = its
 * sequence); `crash`: the run crashed with it open and it ends at the crash boundary; `open`:
 * still running when exported (ended at the last event, `little.span.open` set). `--follow`
 * sends only `event` and `crash` spans, so a span is never sent twice with two different ends.
 */
export type SpanEnd = { kind: 'event'; sequence: number } | { kind: 'crash' } | { kind: 'open' };

/** One span of a run's trace. */
export type OtlpSpanData = {
  item: SpanItemKind;
  traceId: string;
  spanId: string;
  /** Absent on the run's root span. */
  parentSpanId?: string;
  name: string;
  /** `client` for model and tool calls (they call out; tool calls are `internal` in the latest conventions, semconv-latest.ts), `internal` otherwise. */
  spanKind: 'internal' | 'client';
  startTime: string;
  endTime: string;
  status: { code: SpanStatusCode; message?: string };
  attributes: SpanAttributes;
  events: SpanEventData[];
  links: SpanLinkData[];
  end: SpanEnd;
  /** Sequence of the event the span was opened by (its id is derived from that event). */
  openSequence: number | null;
};

/** Whether `--follow` may send the span now (its end can no longer change in this log). */
export function spanIsFinal(span: OtlpSpanData): boolean {
  return span.end.kind !== 'open';
}
