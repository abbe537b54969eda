/**
 * One request's path through the server: guard, token, then route.
 *
 * The order is the security model: security headers first (so refusals carry them too),
 * Host/Origin/fetch-site next (a foreign page is refused even when it somehow holds the
 * token), then the token for everything under `/api`, and only then routing. The static
 * files are the renderer's public build (no data): they load without a token, so a reload
 * works after the page has taken the token off its address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestHasToken } from './access-token';
import { API_CALL_PREFIX, handleApiCall, type ErrorLog } from './api-call';
import { openEventStream, type EventStreamOptions } from './event-stream';
import { checkRequestSource } from './request-guard';
import { sendText } from './responses';
import { applySecurityHeaders } from './security-headers';
import { serveStatic } from './static-files';
import type { WebCore } from './web-core';

/** Everything the router needs to answer requests for one server. */
export type RouterContext = {
  core: WebCore;
  token: string;
  /** Real path of the renderer build dir. */
  realRoot: string;
  /** The port actually bound (Host and Origin must name it). */
  port: () => number;
  log: ErrorLog;
  events?: EventStreamOptions;
  /** Enders of the open event streams, so shutdown can unsubscribe them synchronously. */
  streams: Set<() => void>;
};

/** Path of the server-sent event stream. */
export const EVENTS_PATH = '/api/events';

/** Build the `request` listener for `http.createServer`. */
export function createRequestHandler(context: RouterContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res, context).catch((error: unknown) => {
      context.log('web: request failed', error);
      if (!res.headersSent) sendText(res, 500, 'internal error');
      else res.destroy();
    });
  };
}

async function route(req: IncomingMessage, res: ServerResponse, context: RouterContext): Promise<void> {
  applySecurityHeaders(res);
  if (checkRequestSource(req, context.port()) !== null) return sendText(res, 403, 'forbidden');
  const rawUrl = req.url ?? '';
  const queryAt = rawUrl.indexOf('?');
  const pathname = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const method = req.method ?? '';

  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (!requestHasToken(req, context.token)) return sendText(res, 401, 'unauthorized');
    if (pathname === EVENTS_PATH) {
      if (method !== 'GET') return sendText(res, 405, 'method not allowed', { Allow: 'GET' });
      const end = openEventStream(res, (listener) => context.core.subscribe(listener), context.events);
      context.streams.add(end);
      res.on('close', () => context.streams.delete(end));
      return;
    }
    if (method !== 'POST') return sendText(res, 405, 'method not allowed', { Allow: 'POST' });
    if (!pathname.startsWith(API_CALL_PREFIX)) return sendText(res, 404, 'not found');
    return handleApiCall(req, res, context.core.handlers, pathname.slice(API_CALL_PREFIX.length), context.log);
  }

  if (method !== 'GET' && method !== 'HEAD') {
    return sendText(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
  }
  return serveStatic(res, rawUrl, context.realRoot);
}
