/**
 * OTLP spans with every value from the log redacted: the span name (`execute_tool <name>`, a
 * step path), the status message, every string attribute (message contents, tool arguments and
 * results with `--content`, labels, errors), span events' attributes and links' attributes.
 * Ids, times and kinds stay: they are derived from ids and hashes, never from contents, and the
 * trace structure must survive. Places are named by span id and attribute key, never by value.
 */
import type { OtlpSpanData, SpanAttributes } from '../otlp/otlp-span-types';
import type { Redactor } from './redaction-types';

/** `span` redacted by `redactor` (a copy; the findings add up in the redactor). */
export function redactSpan(span: OtlpSpanData, redactor: Redactor): OtlpSpanData {
  const at = `${span.item} span ${span.spanId}`;
  return {
    ...span,
    name: redactor.text(span.name, `${at} name`),
    status: span.status.message === undefined ? span.status : { ...span.status, message: redactor.text(span.status.message, `${at} status`) },
    attributes: attributes(span.attributes, redactor, at),
    events: span.events.map((e) => ({ ...e, name: redactor.text(e.name, `${at} event`), attributes: attributes(e.attributes, redactor, `${at} event ${e.name}`) })),
    links: span.links.map((l) => ({ ...l, attributes: attributes(l.attributes, redactor, `${at} link`) })),
  };
}

function attributes(attrs: SpanAttributes, redactor: Redactor, at: string): SpanAttributes {
  const out: SpanAttributes = {};
  for (const [key, value] of Object.entries(attrs)) out[key] = typeof value === 'string' ? redactor.text(value, `${at} ${key}`) : value;
  return out;
}
