/**
 * Server-sent events over `fetch`, so the push stream can carry the token in an
 * Authorization header (EventSource cannot send headers, and a `?token=` URL is what this
 * transport keeps the token out of). Reconnects after a drop, like EventSource.
 */
import type { PushMessage } from '../../shared/contract';

/** Delay before reconnecting after the stream ends or fails (ms). */
export const RECONNECT_MS = 1_000;

/** Split complete SSE events off `buffer`; returns their `data` payloads and the unfinished rest. */
export function parseSseChunk(buffer: string): { data: string[]; rest: string } {
  const data: string[] = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split(/\r?\n/).filter((line) => line.startsWith('data:'));
    if (lines.length > 0) data.push(lines.map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\n'));
  }
  return { data, rest };
}

/** Open the stream at `url`; `onMessage` gets each push. Returns the closer. */
export function openPushStream(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: PushMessage) => void,
): () => void {
  const controller = new AbortController();
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal, credentials: 'omit' });
      if (!response.ok || !response.body) throw new Error(`push stream: HTTP ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSseChunk(buffer + value);
        buffer = parsed.rest;
        for (const text of parsed.data) onMessage(JSON.parse(text) as PushMessage);
      }
    } catch {
      // Dropped, refused or aborted: reconnect below unless closed.
    }
    if (!controller.signal.aborted) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };
  void connect();
  return () => {
    controller.abort();
    if (retry) clearTimeout(retry);
  };
}
