/**
 * Whether a backend's 2xx answer is an OTLP answer. OpenTelemetry's exporters count any 2xx as
 * accepted, so a sign-in page, a proxy's HTML or a wrong path answered `200 text/html` would
 * pass as a delivered export. The OTLP/HTTP spec: the answer to a successful request carries an
 * ExportTraceServiceResponse in the request's encoding (`application/x-protobuf` or
 * `application/json`); an empty body is taken (nothing contradicts it) unless it says HTML.
 *
 * The answers are watched through Node's `http.client.response.finish` diagnostics channel,
 * matched by the agent only our sender's requests use, so the exporter's own transport and
 * retries stay as they are.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';

/** What a backend answered (the body's first {@link MAX_BODY} bytes). */
export type BackendAnswer = { status: number; contentType: string; body: Buffer };

const MAX_BODY = 64 * 1024;
const CHANNEL = 'http.client.response.finish';

/** The last answer to a request made through `agent`; `dispose` stops watching. */
export function watchAnswers(agent: Agent): { last(): BackendAnswer | null; reset(): void; dispose(): void } {
  let last: BackendAnswer | null = null;
  const onResponse = (message: unknown) => {
    const { request, response } = message as { request: ClientRequest & { agent?: unknown }; response: IncomingMessage };
    if (request.agent !== agent) return;
    const answer: BackendAnswer = { status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.alloc(0) };
    last = answer;
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size >= MAX_BODY) return;
      chunks.push(chunk);
      size += chunk.length;
      answer.body = Buffer.concat(chunks).subarray(0, MAX_BODY);
    });
  };
  subscribe(CHANNEL, onResponse);
  return {
    last: () => last,
    reset: () => void (last = null),
    dispose: () => void unsubscribe(CHANNEL, onResponse),
  };
}

/** Why a 2xx answer is not OTLP (a short phrase), or null when it is one. */
export function notOtlpReason(answer: BackendAnswer): string | null {
  if (answer.status < 200 || answer.status > 299) return null;
  const type = answer.contentType.split(';')[0].trim().toLowerCase();
  const shown = type === '' ? 'no content type' : `content type ${type}`;
  if (answer.body.length === 0) return type === 'text/html' ? `an empty ${type} page` : null;
  if (type === 'application/x-protobuf' || type === 'application/protobuf') {
    try {
      ProtobufTraceSerializer.deserializeResponse(answer.body);
      return null;
    } catch {
      return `${shown} but a body that is not an OTLP protobuf response`;
    }
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const value: unknown = JSON.parse(answer.body.toString('utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? null : `${shown} but a body that is not an OTLP JSON response`;
    } catch {
      return `${shown} but a body that is not JSON`;
    }
  }
  return shown;
}
