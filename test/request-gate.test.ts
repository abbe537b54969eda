// One request gate for both transports: Electron IPC (src-main/electron/ipc.ts `dispatch`) and
// browser mode (POST /api/call/<channel>) answer the same bad inputs with the same Result.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./support/fake-electron')).fakeElectron);

import { channelNames, type Handlers } from '../shared/contract';
import { ok, type Result } from '../shared/diagnostics';
import { invokeChannel, MAX_REQUEST_BYTES } from '../src-main/library/invoke-channel';
import { dispatch } from '../src-main/electron/ipc';
import { WindowRegistry } from '../src-main/electron/window-registry';
import { startWebServer, type WebServer } from '../src-main/web/web-server';
import { FakeBrowserWindow } from './support/fake-electron';
import { bearer, makeRendererDir, send, type RendererFixture } from './support/web-support';
import { emptySnapshot } from './support/empty-snapshot';

const SECRET = 'disk on fire at /secret/path';
const unused = Object.fromEntries(channelNames.map((c) => [c, async () => ok(null)])) as unknown as Handlers;
const handlers: Handlers = {
  ...unused,
  'library.open': async ({ path }) => {
    if (path === '/boom') throw new Error(SECRET);
    return ok(emptySnapshot(path));
  },
  // A handler bug: an answer that is not a Result.
  'app.info': async () => ({ name: 'no result wrapper' }) as never,
  'library.current': async () => undefined as never,
};

let fixture: RendererFixture;
let web: WebServer;
const webLog: Array<[string, unknown]> = [];
const registry = new WindowRegistry();
const window = new FakeBrowserWindow({});
registry.track(window as never);
const trusted = { sender: window.webContents, senderFrame: window.webContents.mainFrame } as never;

beforeAll(async () => {
  fixture = await makeRendererDir();
  web = await startWebServer({ core: { handlers, subscribe: () => () => undefined }, rendererDir: fixture.rendererDir, log: (message, error) => webLog.push([message, error]) });
});
afterAll(async () => {
  await web.close();
  await fixture.cleanup();
});

async function overHttp(channel: string, request: unknown): Promise<{ status: number; result: Result<unknown> }> {
  const reply = await send(web.port, { method: 'POST', path: `/api/call/${channel}`, headers: { 'Content-Type': 'application/json', ...bearer(web.token) }, body: JSON.stringify(request) });
  return { status: reply.status, result: JSON.parse(reply.body) as Result<unknown> };
}

async function overIpc(channel: string, request: unknown): Promise<Result<unknown>> {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await dispatch(channel, handlers, registry, trusted, [request]);
  } finally {
    error.mockRestore();
  }
}

describe('both transports give the same diagnostics', () => {
  it.each([
    ['oversize', 'library.open', { path: 'x'.repeat(MAX_REQUEST_BYTES + 1) }, 413, 'invalid-argument'],
    ['schema failure', 'library.open', { path: 42 }, 400, 'invalid-argument'],
    ['unknown channel', 'nope', {}, 404, 'invalid-argument'],
    ['handler throws', 'library.open', { path: '/boom' }, 500, 'internal'],
    ['handler returns a non-Result object', 'app.info', {}, 500, 'internal'],
    ['handler returns undefined', 'library.current', {}, 500, 'internal'],
  ])('%s', async (_name, channel, request, status, code) => {
    const http = await overHttp(channel, request);
    const ipc = await overIpc(channel, request);
    expect(http.result).toEqual(ipc);
    expect(ipc).toMatchObject({ ok: false, error: { code, severity: 'error', detail: { channel } } });
    expect(http.status).toBe(status);
  });

  it('a handler failure reaches the client as a generic message; the details go to the log', async () => {
    webLog.length = 0;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ipc = await dispatch('library.open', handlers, registry, trusted, [{ path: '/boom' }]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('library.open'), expect.objectContaining({ message: SECRET }));
    error.mockRestore();
    const http = await overHttp('library.open', { path: '/boom' });
    expect(JSON.stringify([ipc, http.result])).not.toContain('fire');
    expect(ipc).toMatchObject({ error: { message: 'internal error in library.open' } });
    expect(webLog).toEqual([[expect.stringContaining('library.open'), expect.objectContaining({ message: SECRET })]]);
  });

  it('a valid request reaches the handler through both', async () => {
    const http = await overHttp('library.open', { path: '/data' });
    expect(http).toEqual({ status: 200, result: ok(emptySnapshot('/data')) });
    expect(await overIpc('library.open', { path: '/data' })).toEqual(ok(emptySnapshot('/data')));
  });
});

describe('invokeChannel', () => {
  const log = vi.fn();

  it('refuses a request JSON cannot carry (cycle, BigInt) and names own-property channels only', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const raw of [cyclic, { path: 10n }]) {
      expect(await invokeChannel(handlers, 'library.open', raw, log)).toMatchObject({ ok: false, error: { code: 'invalid-argument', detail: { gate: 'invalid-request' } } });
    }
    for (const channel of ['constructor', '__proto__', 'hasOwnProperty', '']) {
      expect(await invokeChannel(handlers, channel, {}, log)).toMatchObject({ ok: false, error: { detail: { gate: 'unknown-channel' } } });
    }
  });

  it('accepts a request of exactly the limit and refuses one byte more', async () => {
    const at = (bytes: number) => ({ path: 'x'.repeat(bytes - JSON.stringify({ path: '' }).length) });
    // The schema caps a path at 4,096 characters: at the limit the schema answers, past it the size check.
    expect(await invokeChannel(handlers, 'library.open', at(MAX_REQUEST_BYTES), log)).toMatchObject({ error: { detail: { gate: 'invalid-request' } } });
    expect(await invokeChannel(handlers, 'library.open', at(MAX_REQUEST_BYTES + 1), log)).toMatchObject({ error: { detail: { gate: 'too-large' } } });
  });

  it("passes a handler's own failure through untouched", async () => {
    const failing = { ...handlers, 'run.detail': async () => ({ ok: false, error: { code: 'run-not-found', severity: 'error', message: 'no run' } }) } as Handlers;
    expect(await invokeChannel(failing, 'run.detail', { dataDir: '/d', runId: 'run_x' }, log)).toEqual({ ok: false, error: { code: 'run-not-found', severity: 'error', message: 'no run' } });
  });
});
