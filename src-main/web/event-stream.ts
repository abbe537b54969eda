/**
 * `GET /api/events`: push messages as server-sent events, one stream per browser tab.
 *
 * Rule 7 of the house plan holds here too: at most one flush per frame (16 ms) per
 * connection, and only the latest `library.changed` survives a frame, since each snapshot
 * replaces the last; live `run.delta` batches of one run concatenate instead (`mergePush`).
 * A slow reader is never buffered without bound: while the socket is
 * backed up, messages keep coalescing instead of piling into Node's write buffer.
 */
import type { ServerResponse } from 'node:http';
import type { PushMessage } from '../../shared/contract';
import { mergePush } from '../../shared/live/push-merge';

/** Timing knobs; the defaults are the protocol's, tests shorten them. */
export type EventStreamOptions = {
  /** Comment line interval that keeps proxies and idle timers from closing the stream. */
  heartbeatMs?: number;
  /** Minimum gap between two flushes on one connection. */
  frameMs?: number;
};

/** Default heartbeat interval (15 s). */
export const HEARTBEAT_MS = 15_000;

/** Default coalescing frame (16 ms, one display frame). */
export const FRAME_MS = 16;

/** Queue `message`: the latest snapshot wins, live deltas of one run concatenate (see `mergePush`). */
export function coalesce(pending: PushMessage[], message: PushMessage): PushMessage[] {
  return mergePush(pending, message);
}

/**
 * Encode messages as SSE `data:` events (JSON never contains a raw newline).
 *
 * A message JSON cannot encode is skipped: this runs on a timer, where a throw would take
 * the whole process down.
 */
export function encodeEvents(messages: PushMessage[]): string {
  let text = '';
  for (const message of messages) {
    try {
      text += `data: ${JSON.stringify(message)}\n\n`;
    } catch {
      // Unencodable (a BigInt or a cycle): nothing useful to send for it.
    }
  }
  return text;
}

/**
 * Turn the response into an event stream fed by `subscribe` until the client goes away.
 *
 * Returns a function that ends the stream and unsubscribes at once (server shutdown).
 */
export function openEventStream(
  res: ServerResponse,
  subscribe: (listener: (message: PushMessage) => void) => () => void,
  options: EventStreamOptions = {},
): () => void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const frameMs = options.frameMs ?? FRAME_MS;
  let pending: PushMessage[] = [];
  let timer: NodeJS.Timeout | undefined;
  let lastFlush = -Infinity;
  let waitingForDrain = false;
  let closed = false;

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // A first comment makes the browser fire `open` now instead of at the first push.
  res.write(': connected\n\n');

  const write = (text: string): void => {
    if (closed) return;
    if (!res.write(text) && !waitingForDrain) {
      waitingForDrain = true;
      res.once('drain', () => {
        waitingForDrain = false;
        schedule();
      });
    }
  };
  const flush = (): void => {
    timer = undefined;
    if (closed || waitingForDrain || pending.length === 0) return;
    const batch = pending;
    pending = [];
    lastFlush = performance.now();
    const text = encodeEvents(batch);
    if (text) write(text);
  };
  const schedule = (): void => {
    if (closed || timer || waitingForDrain || pending.length === 0) return;
    const wait = lastFlush + frameMs - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };

  const unsubscribe = subscribe((message) => {
    if (closed) return;
    pending = coalesce(pending, message);
    schedule();
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();

  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    pending = [];
    unsubscribe();
  };
  // `res` closes when the client goes away; `req` 'close' is not reliable for that.
  res.on('close', close);
  // The listener may have been registered after the socket already died.
  if (res.destroyed) close();
  return () => {
    close();
    res.destroy();
  };
}
