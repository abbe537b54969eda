/**
 * The one module the UI uses to reach main.
 *
 * Two transports behind one `InspectorApi`: the preload bridge (`window.inspector`, Electron)
 * and HTTP + server-sent events (browser mode, `little-inspector serve`). Views never know
 * which one they are on.
 */
import {
  channelNames,
  type Channel,
  type InspectorApi,
  type PushMessage,
  type RequestOf,
  type ResponseOf,
} from '../shared/contract';
import type { Result } from '../shared/diagnostics';

declare global {
  interface Window {
    /** Set by the preload in Electron; absent in browser mode. */
    inspector?: InspectorApi;
  }
}

/** Build the HTTP + SSE transport for browser mode (same origin; the token travels as a cookie). */
export function createWebApi(base = ''): InspectorApi {
  const listeners = new Set<(message: PushMessage) => void>();
  let source: EventSource | null = null;

  const call = async <C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> => {
    try {
      const response = await fetch(`${base}/api/call/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
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
    if (!source) {
      source = new EventSource(`${base}/api/events`);
      source.onmessage = (event) => {
        const message = JSON.parse(event.data) as PushMessage;
        for (const each of [...listeners]) each(message);
      };
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  }
}

function transportError<T>(message: string): Result<T> {
  return { ok: false, error: { code: 'internal', severity: 'error', message } };
}

/** The API for this page: the preload bridge when present, else the web transport. */
export const api: InspectorApi = typeof window !== 'undefined' && window.inspector ? window.inspector : createWebApi();
