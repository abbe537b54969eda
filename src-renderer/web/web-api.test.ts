import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { createWebApi } from './web-api';

// Browser mode's transport: each call is its own POST (nothing answered from an earlier one),
// and every subscriber shares the one push stream, getting the pushes that come after it.

type Served = { calls: Array<{ channel: string; body: unknown }>; streams: number; push(message: PushMessage): void };

/** A fake server behind `fetch`: every call answers its channel and body; one push stream at a time. */
function fakeServer(): Served {
  const served: Served = { calls: [], streams: 0, push: () => undefined };
  vi.stubGlobal('fetch', async (url: string, init: { body?: string }) => {
    if (url.endsWith('/api/events')) {
      served.streams += 1;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          served.push = (message) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
        },
      });
      return new Response(body, { status: 200 });
    }
    const channel = url.split('/').pop()!;
    const body = JSON.parse(init.body ?? 'null') as unknown;
    served.calls.push({ channel, body });
    return new Response(JSON.stringify({ ok: true, value: { channel, body, n: served.calls.length } }), { status: 200 });
  });
  return served;
}

const settle = () => new Promise((r) => setTimeout(r, 10));
const changed = (n: number): PushMessage => ({ kind: 'library.changed', snapshot: { n } as never });

afterEach(() => vi.unstubAllGlobals());

describe('the web transport', () => {
  it('asks the server at every call, with its channel and request', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    expect(await api['library.current']({})).toEqual({ ok: true, value: { channel: 'library.current', body: {}, n: 1 } });
    expect(await api['library.current']({})).toMatchObject({ value: { n: 2 } });
    expect(await api['run.seek']({ dataDir: '/d', runId: 'run_1', from: 3, direction: 'next' })).toMatchObject({ value: { body: { from: 3 }, n: 3 } });
    expect(server.calls.map((c) => c.channel)).toEqual(['library.current', 'library.current', 'run.seek']);
  });

  it('subscribers share one stream and get only the pushes after they subscribed', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    const got: PushMessage[] = [];
    const off = api.subscribe((message) => got.push(message));
    await settle();
    server.push(changed(1));
    await settle();
    expect(got).toEqual([changed(1)]);
    const second: PushMessage[] = [];
    api.subscribe((message) => second.push(message));
    server.push(changed(2));
    await settle();
    expect(got).toEqual([changed(1), changed(2)]);
    expect(second).toEqual([changed(2)]);
    expect(server.streams).toBe(1);
    off();
  });
});
