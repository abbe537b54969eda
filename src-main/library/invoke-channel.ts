/**
 * The one request gate of the contract, for both transports (Electron IPC in
 * src-main/electron/ipc.ts, HTTP in src-main/web/api-call.ts): a raw request becomes a
 * handler call only if the channel exists, the request is JSON of at most 64 KiB and it
 * parses with the channel's schema; whatever the handler does, the caller gets a `Result`.
 * A handler that throws or answers something else is a bug on our side: the client gets a
 * generic `internal` diagnostic naming only the channel, the details go to `log`.
 */
import { isChannel, type Handlers } from '../../shared/contract';
import { requestSchemas } from '../../shared/contract-schemas';
import { diagnostic, fail, type Diagnostic, type Result } from '../../shared/diagnostics';

/** Largest request accepted, measured as UTF-8 JSON; contract requests are a path or a few ids. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Where the details of a handler's failure go (never to the client). */
export type GateLog = (message: string, error?: unknown) => void;

/**
 * Why the gate answered instead of a handler, in `detail.gate` of its diagnostics (the web
 * transport maps it to an HTTP status; a handler's own failures carry none).
 */
export type GateRefusal = 'unknown-channel' | 'too-large' | 'invalid-request' | 'handler-failed';

function refused(gate: GateRefusal, code: 'invalid-argument' | 'internal', message: string, detail: Record<string, unknown>): Result<never> {
  return fail(diagnostic(code, message, { detail: { ...detail, gate } }));
}

/** An `invalid-argument` failure for a request on `channel` (transports use it for their own framing errors too). */
export function invalidRequest(channel: string, message: string, detail: Record<string, unknown> = {}): Result<never> {
  return refused('invalid-request', 'invalid-argument', message, { channel, ...detail });
}

/** The failure for a request over MAX_REQUEST_BYTES (the web transport answers it without reading the rest). */
export function requestTooLarge(channel: string): Result<never> {
  return refused('too-large', 'invalid-argument', `request is larger than ${MAX_REQUEST_BYTES} bytes`, { channel, reason: 'too-large', limit: MAX_REQUEST_BYTES });
}

/** The gate refusal of a diagnostic, or null for a handler's own failure. */
export function gateRefusalOf(result: Result<unknown>): GateRefusal | null {
  if (result.ok) return null;
  const gate = result.error.detail?.gate;
  return gate === 'unknown-channel' || gate === 'too-large' || gate === 'invalid-request' || gate === 'handler-failed' ? gate : null;
}

/** True for a value shaped like a `Result` (what every handler must answer). */
function isResult(value: unknown): value is Result<unknown> {
  if (value === null || typeof value !== 'object') return false;
  const { ok } = value as { ok?: unknown };
  if (ok === true) return 'value' in value;
  if (ok !== false) return false;
  const error = (value as { error?: Partial<Diagnostic> }).error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

/** Validate `raw` for `channel`, run its handler, and answer a `Result` whatever happens. */
export async function invokeChannel(handlers: Handlers, channel: string, raw: unknown, log: GateLog): Promise<Result<unknown>> {
  if (!isChannel(channel)) return refused('unknown-channel', 'invalid-argument', 'unknown channel', { channel: channel.slice(0, 200) });
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch {
    // Cycles and BigInts survive structured clone but are never a valid contract request.
    return invalidRequest(channel, 'request is not JSON-serialisable');
  }
  if (json !== undefined && Buffer.byteLength(json, 'utf8') > MAX_REQUEST_BYTES) return requestTooLarge(channel);
  const parsed = requestSchemas[channel].safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    return invalidRequest(channel, `invalid request for ${channel}`, { issues });
  }
  let answer: unknown;
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    answer = await handler(parsed.data);
  } catch (error) {
    log(`handler for ${channel} threw`, error);
    return refused('handler-failed', 'internal', `internal error in ${channel}`, { channel });
  }
  if (!isResult(answer)) {
    log(`handler for ${channel} returned no Result`, answer === null ? null : typeof answer);
    return refused('handler-failed', 'internal', `internal error in ${channel}`, { channel });
  }
  return answer;
}
