/**
 * `POST /api/call/<channel>`: one contract call over HTTP.
 *
 * The browser-mode twin of `src-main/electron/ipc.ts`: HTTP framing (JSON content type, a
 * body of at most 64 KiB, UTF-8, JSON) here, then the same request gate as Electron
 * (src-main/library/invoke-channel.ts), so both transports answer the same diagnostics. The
 * body is always the `Result`; the status says who answered: 200 the handler, 4xx/500 the gate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isChannel, type Handlers } from '../../shared/contract';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import { gateRefusalOf, invalidRequest, invokeChannel, MAX_REQUEST_BYTES, requestTooLarge, type GateRefusal } from '../library/invoke-channel';
import { readBody } from './request-body';
import { sendJsonText, sendText } from './responses';

/** URL path prefix of contract calls; the channel name follows it. */
export const API_CALL_PREFIX = '/api/call/';

/** Where unexpected handler errors are reported (never to the client). */
export type ErrorLog = (message: string, error: unknown) => void;

/** True when a media type header names JSON (parameters such as charset allowed). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** HTTP status of a gate refusal; a handler's own failure is an answer like any other (200). */
const STATUS: Record<GateRefusal, number> = { 'unknown-channel': 404, 'too-large': 413, 'invalid-request': 400, 'handler-failed': 500 };

function sendResult(res: ServerResponse, result: Result<unknown>, headers: Record<string, string> = {}): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(result);
  } catch {
    // A value JSON cannot carry (a BigInt) is a handler bug like any other.
  }
  if (json === undefined) return sendResult(res, fail(diagnostic('internal', 'internal error', { detail: { gate: 'handler-failed' } })), headers);
  const refusal = gateRefusalOf(result);
  sendJsonText(res, refusal === null ? 200 : STATUS[refusal], json, headers);
}

/** Answer one contract call; `rawChannel` is the path segment after `/api/call/`. */
export async function handleApiCall(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Handlers,
  rawChannel: string,
  log: ErrorLog,
): Promise<void> {
  const gateLog = (message: string, error?: unknown) => log(`web: ${message}`, error);
  // The gate names the refusal; the body is not read for a channel outside the contract.
  if (!isChannel(rawChannel)) return sendResult(res, await invokeChannel(handlers, rawChannel, undefined, gateLog));
  // Requiring JSON also forces a CORS preflight on any cross-origin attempt.
  if (!isJsonContentType(req.headers['content-type'])) {
    return sendText(res, 415, 'unsupported media type');
  }
  const body = await readBody(req, MAX_REQUEST_BYTES);
  if (body.kind === 'too-large') return sendResult(res, requestTooLarge(rawChannel), { Connection: 'close' });
  if (body.kind === 'aborted') {
    res.destroy();
    return;
  }
  if (body.kind === 'not-utf8') return sendResult(res, invalidRequest(rawChannel, 'request body is not UTF-8'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return sendResult(res, invalidRequest(rawChannel, 'request body is not valid JSON'));
  }
  sendResult(res, await invokeChannel(handlers, rawChannel, parsed, gateLog));
}
