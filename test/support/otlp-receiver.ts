/**
 * Test support: an OTLP/HTTP trace receiver on 127.0.0.1 (random port) that decodes what it
 * is sent with OpenTelemetry's own definitions — protobuf with the generated protobufjs root
 * of @opentelemetry/otlp-transformer 0.52 (devDependency `otlp-proto-root`), JSON by the OTLP
 * JSON mapping (hex ids, enum numbers) through the same message type's `fromObject` after the
 * ids are turned into bytes — and keeps every span. It can refuse requests with a status, or be
 * taken down (connection refused) and brought back on the same port.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// __filename, not import.meta.url: Playwright loads this file as CommonJS too (e2e/otlp-send.spec.ts).
const requireCjs = createRequire(__filename);
type Message = { [key: string]: unknown };
type MessageType = {
  decode(bytes: Uint8Array): Message;
  fromObject(object: unknown): Message;
  toObject(message: Message, options: Record<string, unknown>): Record<string, unknown>;
};
const root = requireCjs('otlp-proto-root/build/src/generated/root') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: MessageType } } } } };
};
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** An attribute value as received. */
export type ReceivedValue = string | number | boolean;

/** One span as the receiver decoded it. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status: { code: number; message?: string };
  attributes: Record<string, ReceivedValue>;
  events: Array<{ name: string; timeUnixNano: string; attributes: Record<string, ReceivedValue> }>;
  links: Array<{ traceId: string; spanId: string; attributes: Record<string, ReceivedValue> }>;
  resource: Record<string, ReceivedValue>;
  scope: string;
};

/** One request as received. */
export type ReceivedRequest = { path: string; contentType: string; headers: IncomingMessage['headers']; spans: ReceivedSpan[]; /** The request body as sent (protobuf or JSON bytes). */ body: Buffer };

/** A running receiver. */
export type OtlpReceiver = {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  spans(): ReceivedSpan[];
  /** Answer every request with `status` (and `body`) instead of accepting it; null accepts again. */
  refuseWith(status: number | null, body?: string): void;
  /** After `after` more requests, leave every request unanswered (a backend gone silent) until `release()` answers them. */
  hold(after?: number): void;
  release(): void;
  /** Stop listening (clients get connection refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** Start a receiver on a random loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: ReceivedRequest[] = [];
  let refusal: { status: number; body: string } | null = null;
  let held: Array<() => void> | null = null;
  let holdAfter: number | null = null;
  const sockets = new Set<import('node:net').Socket>();
  const handler = (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (holdAfter !== null && holdAfter-- <= 0) (held ??= []).push(answer);
      else answer();
    });
    const answer = () => {
      if (refusal) {
        res.writeHead(refusal.status, { 'content-type': 'text/plain' }).end(refusal.body);
        return;
      }
      const contentType = String(req.headers['content-type'] ?? '');
      try {
        const body = Buffer.concat(chunks);
        const spans = contentType.includes('json') ? decodeJson(body.toString('utf8')) : decodeProtobuf(body);
        requests.push({ path: req.url ?? '', contentType, headers: req.headers, spans, body });
        if (contentType.includes('json')) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`cannot decode: ${(error as Error).message}`);
      }
    };
  };
  let server: Server = createServer(handler);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(handler);
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    port,
    requests,
    spans: () => requests.flatMap((r) => r.spans),
    refuseWith(status, body = 'refused by the test receiver') {
      refusal = status === null ? null : { status, body };
    },
    hold(after = 0) {
      holdAfter = after;
    },
    release() {
      const waiting = held ?? [];
      held = null;
      holdAfter = null;
      for (const answer of waiting) answer();
    },
    down: stop,
    up: async () => void (await listen(port)),
    close: stop,
  };
}

function decodeProtobuf(body: Buffer): ReceivedSpan[] {
  const message = Request.decode(body);
  return normalize(Request.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false }));
}

/** OTLP/JSON: ids are hex (not base64 as protobuf JSON would have them); checked through the message type. */
function decodeJson(text: string): ReceivedSpan[] {
  const json = JSON.parse(text) as Record<string, unknown>;
  const message = Request.fromObject(hexIdsToBase64(json));
  return normalize(Request.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false }));
}

function hexIdsToBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIdsToBase64);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = (key === 'traceId' || key === 'spanId' || key === 'parentSpanId') && typeof v === 'string' ? Buffer.from(v, 'hex').toString('base64') : hexIdsToBase64(v);
  }
  return out;
}

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const hex = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? Buffer.from(v, 'base64').toString('hex') : undefined);

function attributes(kvs: unknown): Record<string, ReceivedValue> {
  const out: Record<string, ReceivedValue> = {};
  for (const kv of list(kvs)) {
    const value = (kv.value ?? {}) as Obj;
    if ('stringValue' in value) out[String(kv.key)] = String(value.stringValue);
    else if ('intValue' in value) out[String(kv.key)] = Number(value.intValue);
    else if ('doubleValue' in value) out[String(kv.key)] = Number(value.doubleValue);
    else if ('boolValue' in value) out[String(kv.key)] = Boolean(value.boolValue);
  }
  return out;
}

function normalize(request: Obj): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of list(request.resourceSpans)) {
    const resource = attributes((rs.resource as Obj | undefined)?.attributes);
    for (const ss of list(rs.scopeSpans)) {
      const scope = String((ss.scope as Obj | undefined)?.name ?? '');
      for (const s of list(ss.spans)) {
        const status = (s.status ?? {}) as Obj;
        const parent = hex(s.parentSpanId);
        spans.push({
          traceId: hex(s.traceId) ?? '',
          spanId: hex(s.spanId) ?? '',
          ...(parent ? { parentSpanId: parent } : {}),
          name: String(s.name ?? ''),
          kind: Number(s.kind ?? 0),
          startTimeUnixNano: String(s.startTimeUnixNano ?? '0'),
          endTimeUnixNano: String(s.endTimeUnixNano ?? '0'),
          status: { code: Number(status.code ?? 0), ...(status.message ? { message: String(status.message) } : {}) },
          attributes: attributes(s.attributes),
          events: list(s.events).map((e) => ({ name: String(e.name ?? ''), timeUnixNano: String(e.timeUnixNano ?? '0'), attributes: attributes(e.attributes) })),
          links: list(s.links).map((l) => ({ traceId: hex(l.traceId) ?? '', spanId: hex(l.spanId) ?? '', attributes: attributes(l.attributes) })),
          resource,
          scope,
        });
      }
    }
  }
  return spans;
}
