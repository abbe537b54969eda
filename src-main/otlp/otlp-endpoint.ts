/**
 * Where and how traces are sent, from flags and OpenTelemetry's standard variables, with the
 * OTLP exporter spec's precedence: the signal-specific variable beats the generic one, and
 * only the generic `OTEL_EXPORTER_OTLP_ENDPOINT` (a base URL) gets `v1/traces` appended.
 * `--endpoint` is read like the generic variable (a base URL) unless it already ends in
 * `/v1/traces`; `--protocol` and `--header` beat every variable. No message echoes a
 * credential (shared/otlp/otlp-credentials.ts).
 */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { shownUrl } from '../../shared/otlp/otlp-credentials';

/** The OTLP/HTTP encodings we send (gRPC is not offered). */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** The spec's default for OTLP/HTTP. */
export const DEFAULT_TRACES_URL = 'http://localhost:4318/v1/traces';

/** A resolved target. */
export type OtlpTarget = { url: string; protocol: OtlpProtocol; headers: Record<string, string> };

/** What the command line gave (all optional). */
export type OtlpTargetFlags = { endpoint?: string; protocol?: string; headers?: readonly string[] };

/** Environment variables as read (a `process.env` or a test's object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Resolve the target; a bad URL, protocol or header is a typed `invalid-argument`. */
export function resolveOtlpTarget(flags: OtlpTargetFlags, env: Env): Result<OtlpTarget> {
  const url = tracesUrl(flags.endpoint, env);
  if (!url.ok) return url;
  const protocolText = flags.protocol ?? nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) ?? nonEmpty(env.OTEL_EXPORTER_OTLP_PROTOCOL) ?? 'http/protobuf';
  if (!(OTLP_PROTOCOLS as readonly string[]).includes(protocolText)) {
    return fail(diagnostic('invalid-argument', `OTLP protocol "${protocolText}" is not supported: use http/protobuf or http/json${protocolText === 'grpc' ? ' (gRPC is not offered; every backend in docs/OTLP.md takes OTLP/HTTP)' : ''}`));
  }
  const headers: Record<string, string> = {};
  for (const name of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS']) {
    const parsed = parseHeaderList(env[name] ?? '', name);
    if (!parsed.ok) return parsed;
    Object.assign(headers, parsed.value);
  }
  for (const flag of flags.headers ?? []) {
    const parsed = parseHeader(flag, '--header');
    if (!parsed.ok) return parsed;
    headers[parsed.value[0]] = parsed.value[1];
  }
  return ok({ url: url.value, protocol: protocolText as OtlpProtocol, headers });
}

function tracesUrl(endpoint: string | undefined, env: Env): Result<string> {
  const signal = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const generic = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const [text, source, append] =
    endpoint !== undefined
      ? [endpoint, '--endpoint', !/\/v1\/traces\/?$/.test(endpoint)]
      : signal !== undefined
        ? [signal, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', false]
        : generic !== undefined
          ? [generic, 'OTEL_EXPORTER_OTLP_ENDPOINT', true]
          : [DEFAULT_TRACES_URL, 'the default', false];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(diagnostic('invalid-argument', `${source} is not a URL: "${shownUrl(text)}"`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(diagnostic('invalid-argument', `${source} must be an http:// or https:// URL, got "${shownUrl(text)}"`));
  if (!append) return ok(url.href);
  // The spec: append `v1/traces` to the base URL, with exactly one slash between.
  return ok(`${url.href.replace(/\/+$/, '')}/v1/traces`);
}

/** `k1=v1,k2=v2` (W3C baggage-like, values percent-decoded), as OTEL_EXPORTER_OTLP_HEADERS. */
export function parseHeaderList(text: string, source: string): Result<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const parsed = parseHeader(part, source);
    if (!parsed.ok) return parsed;
    headers[parsed.value[0]] = parsed.value[1];
  }
  return ok(headers);
}

function parseHeader(text: string, source: string): Result<[string, string]> {
  const eq = text.indexOf('=');
  const key = eq <= 0 ? '' : text.slice(0, eq).trim();
  // The text is not echoed: without a `=` it may be a bare credential.
  if (!HEADER_NAME.test(key)) return fail(diagnostic('invalid-argument', `${source}: ${eq <= 0 ? `a header of ${text.length} characters has no "="` : `"${key.slice(0, 80)}" is not a valid header name`}: write it as KEY=VALUE`));
  let value = text.slice(eq + 1).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: keep it as written.
  }
  return checkHeaderValue(key, value, source);
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function checkHeaderValue(key: string, value: string, source: string): Result<[string, string]> {
  if (/[\r\n\0]/.test(value)) return fail(diagnostic('invalid-argument', `${source}: the value of ${key} has a line break or NUL`));
  return ok([key, value]);
}

/** What the app's dialog gives: a URL as typed (empty: the default), a protocol, headers taken as typed (no percent-decoding). */
export type OtlpAppSettings = { endpoint: string; protocol: string; headers: ReadonlyArray<{ name: string; value: string }> };

/**
 * The target of the app's "Send to tracing backend…": the endpoint read like `--endpoint`,
 * headers as typed. The OTEL_* variables are not read: what the dialog shows is what is sent.
 */
export function resolveAppTarget(settings: OtlpAppSettings): Result<OtlpTarget> {
  const endpoint = settings.endpoint.trim();
  const base = resolveOtlpTarget({ endpoint: endpoint === '' ? undefined : endpoint, protocol: settings.protocol }, {});
  if (!base.ok) return base;
  const headers: Record<string, string> = {};
  for (const { name, value } of settings.headers) {
    const key = name.trim();
    if (!HEADER_NAME.test(key)) return fail(diagnostic('invalid-argument', `"${key.slice(0, 80)}" is not a valid header name`));
    const checked = checkHeaderValue(key, value.trim(), 'header');
    if (!checked.ok) return checked;
    headers[key] = checked.value[1];
  }
  return ok({ ...base.value, headers });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
