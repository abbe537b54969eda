/**
 * Small response writers shared by the routes.
 *
 * Error bodies stay short and generic on purpose: a loopback server still should not tell
 * a probing page why it was refused.
 */
import type { ServerResponse } from 'node:http';

/** Send a short plain-text response (used for every non-JSON refusal). */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(res, status, 'text/plain; charset=utf-8', `${text}\n`, headers);
}

/** Send a JSON body; the caller has already turned the value into text. */
export function sendJsonText(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  send(res, status, 'application/json; charset=utf-8', json, headers);
}

// A response already begun (a stream that failed midway) can only be cut off. A HEAD answer
// carries the headers alone (Node drops the body of one anyway).
function send(res: ServerResponse, status: number, contentType: string, text: string, headers: Record<string, string>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
