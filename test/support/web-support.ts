/**
 * Test helpers for the web server: a temp renderer dir, a fake core, raw HTTP requests.
 *
 * Requests go through `node:http` (or a bare socket) rather than fetch so tests can send
 * any Host, Origin or path byte for byte.
 */
import { afterAll, beforeAll } from 'vitest';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channelNames, type Handlers, type PushMessage } from '../../shared/contract';
import { ok } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import type { WebCore } from '../../src-main/web/web-core';
import { startWebServer, type WebServer, type WebServerOptions } from '../../src-main/web/web-server';
import { emptySnapshot } from './empty-snapshot';

/** Text planted outside the renderer dir; no response may ever contain it. */
export const SECRET = 'SECRET-OUTSIDE-RENDERER-DIR';

/** A renderer dir inside a temp folder that also holds files which must stay unreachable. */
export type RendererFixture = { base: string; rendererDir: string; cleanup(): Promise<void> };

/** Make `base/renderer` with index.html, assets, a sub-directory and an escaping symlink. */
export async function makeRendererDir(): Promise<RendererFixture> {
  const base = await mkdtemp(path.join(tmpdir(), 'li-web-'));
  const rendererDir = path.join(base, 'renderer');
  await mkdir(path.join(rendererDir, 'assets', 'nested'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Little Inspector</title>');
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  await writeFile(path.join(rendererDir, 'assets', 'app.css'), 'body{}');
  await writeFile(path.join(rendererDir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(rendererDir, 'assets', 'app.js.map'), '{}');
  await writeFile(path.join(rendererDir, '.hidden'), SECRET);
  await writeFile(path.join(base, 'package.json'), JSON.stringify({ secret: SECRET }));
  await writeFile(path.join(base, 'secret.txt'), SECRET);
  await symlink(path.join(base, 'secret.txt'), path.join(rendererDir, 'assets', 'escape.txt'));
  await symlink(base, path.join(rendererDir, 'assets', 'escape-dir'));
  return { base, rendererDir, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** The snapshot the fake core returns. */
export const SNAPSHOT: LibrarySnapshot = emptySnapshot('/data');

/** A fake core: handlers that answer or throw, and a push feed the test drives. */
export type FakeCore = WebCore & {
  push(message: PushMessage): void;
  listenerCount(): number;
  unsubscribeCount: number;
  calls: Array<{ channel: string; request: unknown }>;
};

/** Build a fake core; `library.open` with path `/boom` throws, to test 500s. */
export function makeFakeCore(): FakeCore {
  const listeners = new Set<(message: PushMessage) => void>();
  const calls: FakeCore['calls'] = [];
  const unused = Object.fromEntries(channelNames.map((c) => [c, async () => ok(null)])) as unknown as Handlers;
  const handlers: Handlers = {
    ...unused,
    'app.info': async (request) => {
      calls.push({ channel: 'app.info', request });
      return ok({ name: 'little-inspector', version: '0.0.0', mode: 'browser', initialPath: null, recent: [] });
    },
    'library.open': async (request) => {
      calls.push({ channel: 'library.open', request });
      if (request.path === '/boom') throw new Error('handler exploded with a secret detail');
      return ok({ ...SNAPSHOT, root: request.path });
    },
    'library.current': async () => ok(SNAPSHOT),
    'library.refresh': async () => ok(null),
    'dialog.openDirectory': async () => ok(null),
    'pricing.load': async () => ok(null),
  };
  const core: FakeCore = {
    handlers,
    calls,
    unsubscribeCount: 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        if (listeners.delete(listener)) core.unsubscribeCount += 1;
      };
    },
    push(message) {
      for (const listener of listeners) listener(message);
    },
    listenerCount: () => listeners.size,
  };
  return core;
}

/** A finished HTTP exchange. */
export type HttpReply = { status: number; headers: IncomingHttpHeaders; body: string };

/** Options for `send`. */
export type SendOptions = {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body in pieces without Content-Length (chunked). */
  chunks?: Buffer[];
};

/** Send one request to 127.0.0.1:port; Host defaults to `127.0.0.1:port`. */
export function send(port: number, options: SendOptions = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { Host: `127.0.0.1:${port}`, Connection: 'close', ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    // The server may close mid-upload (413); the response has usually arrived by then.
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** Send raw bytes over a socket and collect everything until the server closes. */
export function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** Headers that authenticate with a Bearer token. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** What a web test file serves: the server, its fake core and its renderer folder (set by `beforeAll`). */
export type FakeCoreServer = { web: WebServer; core: FakeCore; fixture: RendererFixture };

/**
 * Serve a fake core and a fresh renderer folder for the calling test file: started before its
 * tests, closed and removed after them. `options` are the rest of the server's options (default:
 * no log).
 */
export function serveFakeCore(options: Omit<WebServerOptions, 'core' | 'rendererDir'> = { log: () => {} }): FakeCoreServer {
  const served = {} as FakeCoreServer;
  beforeAll(async () => {
    served.fixture = await makeRendererDir();
    served.core = makeFakeCore();
    served.web = await startWebServer({ core: served.core, rendererDir: served.fixture.rendererDir, ...options });
  });
  afterAll(async () => {
    await served.web?.close();
    await served.fixture?.cleanup();
  });
  return served;
}
