/**
 * Our plain span data as the OpenTelemetry SDK's `ReadableSpan`, the shape its OTLP
 * serializers (otlp-transformer) encode. Ids, times and parents are ours, taken as given.
 */
import { SpanKind, SpanStatusCode, TraceFlags, type HrTime } from '@opentelemetry/api';
import type { InstrumentationScope } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import pkg from '../../package.json';

/** What every exported span says it comes from. */
export const OTLP_RESOURCE: Resource = resourceFromAttributes({
  'service.name': 'little-workflow',
  'little.exporter': `little-inspector ${pkg.version}`,
});

export const OTLP_SCOPE: InstrumentationScope = { name: 'little-inspector', version: pkg.version };

/** `recordedAt` (ISO, ms) as HrTime; an unparseable time becomes the epoch rather than now. */
export function isoToHrTime(iso: string): HrTime {
  const ms = Date.parse(iso);
  const safe = Number.isFinite(ms) ? ms : 0;
  const seconds = Math.floor(safe / 1000);
  return [seconds, (safe - seconds * 1000) * 1_000_000];
}

function duration(start: HrTime, end: HrTime): HrTime {
  let seconds = end[0] - start[0];
  let nanos = end[1] - start[1];
  if (nanos < 0) {
    seconds -= 1;
    nanos += 1_000_000_000;
  }
  return seconds < 0 ? [0, 0] : [seconds, nanos];
}

const STATUS = { unset: SpanStatusCode.UNSET, ok: SpanStatusCode.OK, error: SpanStatusCode.ERROR } as const;

/** One span for the exporter. */
export function toReadableSpan(span: OtlpSpanData): ReadableSpan {
  const startTime = isoToHrTime(span.startTime);
  const endTime = isoToHrTime(span.endTime);
  const context = { traceId: span.traceId, spanId: span.spanId, traceFlags: TraceFlags.SAMPLED };
  return {
    name: span.name,
    kind: span.spanKind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context,
    ...(span.parentSpanId !== undefined ? { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: TraceFlags.SAMPLED } } : {}),
    startTime,
    endTime,
    status: { code: STATUS[span.status.code], ...(span.status.message !== undefined ? { message: span.status.message } : {}) },
    attributes: span.attributes,
    links: span.links.map((l) => ({ context: { traceId: l.traceId, spanId: l.spanId, traceFlags: TraceFlags.SAMPLED }, attributes: l.attributes })),
    events: span.events.map((e) => ({ name: e.name, time: isoToHrTime(e.time), attributes: e.attributes })),
    duration: duration(startTime, endTime),
    ended: true,
    resource: OTLP_RESOURCE,
    instrumentationScope: OTLP_SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}
