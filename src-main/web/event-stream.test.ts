import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type IncomingMessage } from 'node:http';
import type { PushMessage } from '../../shared/contract';
import { startWebServer, type WebServer } from './web-server';
import { coalesce, encodeEvents } from './event-stream';
import { SECURITY_HEADERS } from './security-headers';
import { makeFakeCore, makeRendererDir, SNAPSHOT, type FakeCore, type RendererFixture } from './web-test-support';

const changed = (root: string): PushMessage => ({ kind: 'library.changed', snapshot: { ...SNAPSHOT, root } });

/** An open SSE connection that records everything it receives. */
type Stream = { response: IncomingMessage; text(): string; data(): PushMessage[]; close(): void };

function openStream(web: WebServer, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let received = '';
    const req = request(
      { host: '127.0.0.1', port: web.port, path: '/api/events', agent: false, headers: { Host: `127.0.0.1:${web.port}`, Cookie: `li_token=${web.token}`, ...headers } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('error', () => undefined);
        resolve({
          response,
          text: () => received,
          data: () =>
            received
              .split('\n\n')
              .filter((block) => block.startsWith('data: '))
              .map((block) => JSON.parse(block.slice('data: '.length)) as PushMessage),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let fixture: RendererFixture;
let web: WebServer;
let core: FakeCore;

beforeAll(async () => {
  fixture = await makeRendererDir();
  core = makeFakeCore();
  web = await startWebServer({ core, rendererDir: fixture.rendererDir, log: () => {}, events: { frameMs: 60, heartbeatMs: 40 } });
});

afterAll(async () => {
  await web.close();
  await fixture.cleanup();
});

describe('GET /api/events', () => {
  it('streams pushes as SSE data lines with the security headers', async () => {
    const stream = await openStream(web);
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers['cache-control']).toBe('no-store');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(stream.response.headers[name.toLowerCase()]).toBe(value);
      await expect.poll(() => core.listenerCount()).toBe(1);
      core.push(changed('/one'));
      await expect.poll(() => stream.data()).toEqual([changed('/one')]);
      expect(stream.text()).toMatch(/^: connected\n\n/);
    } finally {
      stream.close();
    }
  });

  it('coalesces a burst: at most one message per frame, latest library.changed wins', async () => {
    const stream = await openStream(web);
    try {
      await expect.poll(() => core.listenerCount()).toBe(1);
      core.push(changed('/a'));
      for (const root of ['/b', '/c', '/d']) core.push(changed(root));
      await expect.poll(() => stream.data().map((m) => m.snapshot.root)).toEqual(['/a', '/d']);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(stream.data().map((m) => m.snapshot.root)).toEqual(['/a', '/d']);
    } finally {
      stream.close();
    }
  });

  it('sends comment heartbeats', async () => {
    const stream = await openStream(web);
    try {
      await expect.poll(() => stream.text().includes(': heartbeat\n\n')).toBe(true);
      expect(stream.data()).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('unsubscribes when the client disconnects, and stops delivering', async () => {
    await expect.poll(() => core.listenerCount()).toBe(0);
    const before = core.unsubscribeCount;
    const stream = await openStream(web);
    await expect.poll(() => core.listenerCount()).toBe(1);
    stream.close();
    await expect.poll(() => core.listenerCount()).toBe(0);
    expect(core.unsubscribeCount).toBe(before + 1);
    core.push(changed('/after'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.data()).toEqual([]);
  });

  it('keeps connections independent', async () => {
    const first = await openStream(web);
    const second = await openStream(web);
    try {
      await expect.poll(() => core.listenerCount()).toBe(2);
      first.close();
      await expect.poll(() => core.listenerCount()).toBe(1);
      core.push(changed('/second'));
      await expect.poll(() => second.data()).toEqual([changed('/second')]);
    } finally {
      second.close();
    }
  });

  it('needs the token and our Host like every route', async () => {
    const noToken = await openStream(web, { Cookie: '' });
    expect(noToken.response.statusCode).toBe(401);
    const foreign = await openStream(web, { Host: `evil.example:${web.port}` });
    expect(foreign.response.statusCode).toBe(403);
    expect(core.listenerCount()).toBe(0);
  });
});

describe('coalesce / encodeEvents', () => {
  it('keeps only the latest library.changed', () => {
    let pending: PushMessage[] = [];
    pending = coalesce(pending, changed('/1'));
    pending = coalesce(pending, changed('/2'));
    expect(pending).toEqual([changed('/2')]);
  });
  it('encodes one data line per message', () => {
    const text = encodeEvents([changed('/x')]);
    expect(text).toBe(`data: ${JSON.stringify(changed('/x'))}\n\n`);
    expect(text.trimEnd().includes('\n')).toBe(false);
  });
  it('skips a message JSON cannot encode instead of throwing', () => {
    const bad = { kind: 'library.changed', snapshot: { root: 1n } } as unknown as PushMessage;
    expect(encodeEvents([bad, changed('/ok')])).toBe(`data: ${JSON.stringify(changed('/ok'))}\n\n`);
  });
});
