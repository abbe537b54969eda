import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { createWebApi } from './web-api';

// A deep link's first script starts the transport before the app runs: answers it asked early
// are taken once by the app's first identical call, and pushes that came before the app
// subscribed reach its first subscriber, in order, on the one stream.

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

describe('the early transport', () => {
  it('an answer asked early is taken once, by the first call of the same channel and request', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    api.prefetch('library.current', {});
    await settle();
    expect(server.calls).toHaveLength(1);
    const first = await api['library.current']({});
    expect(first).toEqual({ ok: true, value: { channel: 'library.current', body: {}, n: 1 } });
    expect(server.calls).toHaveLength(1);
    // Taken: the next call asks again; another request was never asked early.
    expect(await api['library.current']({})).toMatchObject({ value: { n: 2 } });
    api.prefetch('run.seek', { dataDir: '/d', runId: 'run_1', from: 3, direction: 'next' });
    expect(await api['run.seek']({ dataDir: '/d', runId: 'run_1', from: 4, direction: 'next' })).toMatchObject({ value: { body: { from: 4 } } });
    expect(await api['run.seek']({ dataDir: '/d', runId: 'run_1', from: 3, direction: 'next' })).toMatchObject({ value: { body: { from: 3 }, n: 3 } });
  });

  it('answers asked early and not taken by the first subscription are dropped', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    api.holdPushes();
    api.prefetch('app.info', {});
    api.prefetch('library.current', {});
    expect(await api['app.info']({})).toMatchObject({ value: { n: 1 } });
    api.subscribe(() => undefined);
    expect(await api['library.current']({})).toMatchObject({ value: { channel: 'library.current', n: 3 } });
    expect(server.calls.map((c) => c.channel)).toEqual(['app.info', 'library.current', 'library.current']);
  });

  it('pushes held before the app subscribed reach its first subscriber in order, on one stream; later ones as they come', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    api.holdPushes();
    await settle();
    expect(server.streams).toBe(1);
    server.push(changed(1));
    server.push(changed(2));
    await settle();
    expect(api.pushesSeen()).toBe(2);
    const got: PushMessage[] = [];
    const off = api.subscribe((message) => got.push(message));
    expect(got).toEqual([changed(1), changed(2)]);
    server.push(changed(3));
    await settle();
    expect(got).toEqual([changed(1), changed(2), changed(3)]);
    // A second subscriber gets only what comes after it.
    const second: PushMessage[] = [];
    api.subscribe((message) => second.push(message));
    server.push(changed(4));
    await settle();
    expect(second).toEqual([changed(4)]);
    expect(server.streams).toBe(1);
    expect(api.pushesSeen()).toBe(4);
    off();
  });

  it('without holding, a subscriber gets only the pushes after it', async () => {
    const server = fakeServer();
    const api = createWebApi('', 't');
    const got: PushMessage[] = [];
    api.subscribe((message) => got.push(message));
    await settle();
    server.push(changed(1));
    await settle();
    expect(got).toEqual([changed(1)]);
    expect(api.pushesSeen()).toBe(1);
  });
});
