/**
 * Browser mode's transport: every channel a POST to `/api/call/<channel>`, pushes a server-sent
 * event stream (src-main/web). Used by the page's api (src-renderer/api.ts).
 */
import {
  channelNames,
  type Channel,
  type InspectorApi,
  type PushMessage,
  type RequestOf,
  type ResponseOf,
} from '../../shared/contract';
import type { Result } from '../../shared/diagnostics';
import { openPushStream } from './push-stream';
import { pageToken } from './web-token';

/**
 * Build the HTTP + SSE transport for browser mode (same origin). The token travels as a
 * Bearer header only: never a cookie (sent to every port of the host), never a URL.
 */
export function createWebApi(base = '', token: string | null = pageToken()): InspectorApi {
  const listeners = new Set<(message: PushMessage) => void>();
  let closeStream: (() => void) | null = null;
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};

  const call = async <C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> => {
    try {
      const response = await fetch(`${base}/api/call/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        credentials: 'omit',
        body: JSON.stringify(request),
      });
      if (response.status === 401) {
        return transportError('The browser session is not authorised: open the URL printed by `little-inspector serve` (it carries the token).');
      }
      return (await response.json()) as Result<ResponseOf<C>>;
    } catch (error) {
      return transportError(`Cannot reach the inspector server: ${(error as Error).message}`);
    }
  };

  const api = { subscribe } as InspectorApi;
  for (const channel of channelNames) {
    (api as unknown as Record<string, unknown>)[channel] = (request: never) => call(channel, request);
  }
  return api;

  function subscribe(listener: (message: PushMessage) => void): () => void {
    listeners.add(listener);
    closeStream ??= openPushStream(`${base}/api/events`, auth, (message) => {
      for (const each of [...listeners]) each(message);
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && closeStream) {
        closeStream();
        closeStream = null;
      }
    };
  }
}

function transportError<T>(message: string): Result<T> {
  return { ok: false, error: { code: 'internal', severity: 'error', message } };
}
