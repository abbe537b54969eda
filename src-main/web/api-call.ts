/**
 * `POST /api/call/<channel>`: one contract call over HTTP.
 *
 * This is the browser-mode twin of `src-main/electron/ipc.ts`: the one place where HTTP arguments are
 * validated against the contract's schema before a handler sees them. Handler failures come
 * back as `Result` values; a handler that throws anyway gets a generic 500 and the server
 * carries on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isChannel, type Channel, type Handlers } from '../../shared/contract';
import { requestSchemas } from '../../shared/contract-schemas';
import { diagnostic, fail, type Diagnostic } from '../../shared/diagnostics';
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

/** Answer one contract call; `rawChannel` is the path segment after `/api/call/`. */
export async function handleApiCall(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Handlers,
  rawChannel: string,
  log: ErrorLog,
): Promise<void> {
  if (!isChannel(rawChannel)) return sendText(res, 404, 'unknown channel');
  const channel: Channel = rawChannel;
  // Requiring JSON also forces a CORS preflight on any cross-origin attempt.
  if (!isJsonContentType(req.headers['content-type'])) {
    return sendText(res, 415, 'unsupported media type');
  }
  const body = await readBody(req);
  if (body.kind === 'too-large') {
    return sendText(res, 413, 'payload too large', { Connection: 'close' });
  }
  if (body.kind === 'aborted') {
    res.destroy();
    return;
  }
  if (body.kind === 'not-utf8') return sendInvalid(res, 'request body is not UTF-8');

  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return sendInvalid(res, 'request body is not valid JSON');
  }
  const validated = requestSchemas[channel].safeParse(parsed);
  if (!validated.success) {
    const issues = validated.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    return sendInvalid(res, `invalid arguments for ${channel}`, { issues });
  }

  let json: string;
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    const text: string | undefined = JSON.stringify(await handler(validated.data));
    if (typeof text !== 'string') throw new Error(`handler for ${channel} returned no result`);
    json = text;
  } catch (error) {
    log(`web: handler for ${channel} threw`, error);
    const failure = fail(diagnostic('internal', `internal error in ${channel}`));
    return sendJsonText(res, 500, JSON.stringify(failure));
  }
  sendJsonText(res, 200, json);
}

function sendInvalid(res: ServerResponse, message: string, detail?: Diagnostic['detail']): void {
  const failure = fail(diagnostic('invalid-argument', message, detail ? { detail } : {}));
  sendJsonText(res, 400, JSON.stringify(failure));
}
