/**
 * Small response writers shared by the routes.
 *
 * Error bodies stay short and generic on purpose: a loopback server still should not tell
 * a probing page why it was refused.
 */
import type { ServerResponse } from 'node:http';

/** Send a short plain-text response (used for every non-JSON refusal). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(`${text}\n`, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Send a JSON body; the caller has already turned the value into text. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  json: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(json, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}
