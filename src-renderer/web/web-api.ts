/**
 * Browser mode's transport: every channel a POST to `/api/call/<channel>`, pushes a server-sent
 * event stream (src-main/web). Used by the page's api (src-renderer/api.ts) and by its early run
 * request (src-renderer/early-run.ts).
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
 * The transport as a deep link's first script starts it (../early-run.ts), before the app runs:
 * `prefetch` asks now and keeps the answer for the first call of the same channel and request;
 * `holdPushes` opens the push stream now and hands what came meanwhile to the first subscriber.
 */
export type EarlyWebApi = InspectorApi & {
  prefetch<C extends Channel>(channel: C, request: RequestOf<C>): void;
  holdPushes(): void;
  /** Pushes this transport has received so far. */
  pushesSeen(): number;
};

/** The key of a call: its channel and request. */
const callKey = (channel: string, request: unknown) => `${channel}\n${JSON.stringify(request)}`;

/**
 * Build the HTTP + SSE transport for browser mode (same origin). The token travels as a
 * Bearer header only: never a cookie (sent to every port of the host), never a URL.
 */
export function createWebApi(base = '', token: string | null = pageToken()): EarlyWebApi {
  const listeners = new Set<(message: PushMessage) => void>();
  let closeStream: (() => void) | null = null;
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  // Answers asked early, each taken once; pushes held until the first subscriber comes.
  const early = new Map<string, Promise<Result<unknown>>>();
  let held: { messages: PushMessage[]; listener: (message: PushMessage) => void } | null = null;
  let received = 0;

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

  const api = {
    subscribe,
    prefetch: (channel: Channel, request: unknown) => void early.set(callKey(channel, request), call(channel, request as never)),
    pushesSeen: () => received,
    holdPushes: () => {
      if (held !== null) return;
      const messages: PushMessage[] = [];
      held = { messages, listener: (message) => void messages.push(message) };
      subscribe(held.listener);
    },
  } as EarlyWebApi;
  for (const channel of channelNames) {
    (api as unknown as Record<string, unknown>)[channel] = (request: never) => {
      const key = callKey(channel, request);
      const answer = early.get(key);
      if (answer === undefined) return call(channel, request);
      early.delete(key);
      return answer;
    };
  }
  return api;

  function subscribe(listener: (message: PushMessage) => void): () => void {
    // The first subscriber takes the held pushes, in order; the stream stays open throughout. The
    // app subscribes right after its first calls: answers asked early and not taken by then are
    // dropped, so none is ever taken long after it was asked.
    const taking = held !== null && listener !== held.listener ? held : null;
    if (held === null || taking !== null) early.clear();
    listeners.add(listener);
    if (taking !== null) {
      held = null;
      listeners.delete(taking.listener);
      for (const message of taking.messages) listener(message);
    }
    closeStream ??= openPushStream(`${base}/api/events`, auth, (message) => {
      received += 1;
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
