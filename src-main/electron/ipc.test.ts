import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import { channelNames, type Handlers, type PushMessage } from '../../shared/contract';
import { ok } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { createBroadcaster, MAX_REQUEST_BYTES, registerIpcHandlers } from './ipc';
import { FakeBrowserWindow, FakeWebContents, fakeElectron, resetFakeElectron } from '../../test/support/fake-electron';
import { WindowRegistry } from './window-registry';
import { emptySnapshot } from '../../test/support/empty-snapshot';

function makeHandlers(): { [K in keyof Handlers]: ReturnType<typeof vi.fn> } {
  // Every channel answers something; the ones the tests look at answer specifically.
  const defaults = Object.fromEntries(channelNames.map((c) => [c, vi.fn(async () => ok(null))])) as { [K in keyof Handlers]: ReturnType<typeof vi.fn> };
  return {
    ...defaults,
    'app.info': vi.fn(async () => ok({ name: 'x', version: '0', mode: 'electron', initialPath: null, recent: [] })),
    'library.open': vi.fn(async ({ path }: { path: string }) => ok(emptySnapshot(path))),
    'library.current': vi.fn(async () => ok(null)),
    'library.refresh': vi.fn(async () => ok(null)),
    'dialog.openDirectory': vi.fn(async () => ok(null)),
    'pricing.load': vi.fn(async () => ok(null)),
  };
}

function setup() {
  const registry = new WindowRegistry();
  const window = new FakeBrowserWindow({});
  registry.track(window as never);
  const handlers = makeHandlers();
  const unregister = registerIpcHandlers(handlers as unknown as Handlers, registry);
  const invoke = (channel: string, event: unknown, ...args: unknown[]) =>
    fakeElectron.ipcMain.handlers.get(`inspector:${channel}`)!(event, ...args) as Promise<unknown>;
  const trustedEvent = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
  return { registry, window, handlers, invoke, trustedEvent, unregister };
}

beforeEach(() => resetFakeElectron());

describe('registration', () => {
  it('registers one handler per contract channel, under the inspector: prefix, and unregisters them', () => {
    const { unregister } = setup();
    expect([...fakeElectron.ipcMain.handlers.keys()].sort()).toEqual(channelNames.map((c) => `inspector:${c}`).sort());
    unregister();
    expect(fakeElectron.ipcMain.handlers.size).toBe(0);
  });
});

describe('sender check', () => {
  it('runs the handler for the top frame of our window on our origin', async () => {
    const { invoke, trustedEvent, handlers } = setup();
    await expect(invoke('library.open', trustedEvent(), { path: '/data' })).resolves.toMatchObject({ ok: true });
    expect(handlers['library.open']).toHaveBeenCalledWith({ path: '/data' });
  });

  const foreign: Array<[string, (s: ReturnType<typeof setup>) => unknown]> = [
    ['unknown webContents', () => {
      const other = new FakeWebContents();
      return { sender: other, senderFrame: other.mainFrame };
    }],
    ['a subframe', (s) => ({
      sender: s.window.webContents,
      senderFrame: { url: 'app://inspector/index.html', parent: s.window.webContents.mainFrame },
    })],
    ['another frame object that is not the main frame', (s) => ({
      sender: s.window.webContents,
      senderFrame: { url: 'app://inspector/index.html', parent: null },
    })],
    ['a destroyed frame (null senderFrame)', (s) => ({ sender: s.window.webContents, senderFrame: null })],
    ['a main frame on a foreign URL', (s) => {
      s.window.webContents.mainFrame.url = 'https://evil.example/';
      return { sender: s.window.webContents, senderFrame: s.window.webContents.mainFrame };
    }],
    ['a main frame on a file:// URL', (s) => {
      s.window.webContents.mainFrame.url = 'file:///tmp/index.html';
      return { sender: s.window.webContents, senderFrame: s.window.webContents.mainFrame };
    }],
    ['a closed window', (s) => {
      s.window.emit('closed');
      return s.trustedEvent();
    }],
  ];

  it.each(foreign)('refuses %s with a typed error and never calls the handler', async (_name, makeEvent) => {
    const s = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const channel of channelNames) {
      const request = channel === 'library.open' ? { path: '/data' } : {};
      const result = await s.invoke(channel, makeEvent(s), request);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'permission-denied', severity: 'error', detail: { channel, reason: 'untrusted-sender' } },
      });
    }
    for (const handler of Object.values(s.handlers)) expect(handler).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('argument validation', () => {
  it.each([
    ['missing path', 'library.open', [{}]],
    ['wrong type', 'library.open', [{ path: 42 }]],
    ['empty path', 'library.open', [{ path: '' }]],
    ['unknown key (strict schema)', 'library.open', [{ path: '/a', extra: true }]],
    ['not an object', 'app.info', ['hello']],
    ['null', 'library.current', [null]],
    ['no argument', 'library.current', []],
    ['two arguments', 'library.current', [{}, {}]],
    ['path longer than MAX_PATH_LENGTH', 'library.open', [{ path: '/'.repeat(5000) }]],
  ])('%s -> invalid-argument, handler not called', async (_name, channel, args) => {
    const s = setup();
    const result = await s.invoke(channel, s.trustedEvent(), ...args);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-argument', detail: { channel } } });
    expect(s.handlers[channel as keyof Handlers]).not.toHaveBeenCalled();
  });

  it('reports the failing field of a schema error', async () => {
    const s = setup();
    const result = (await s.invoke('library.open', s.trustedEvent(), { path: 42 })) as { error: { detail: { issues: unknown[] } } };
    expect(result.error.detail.issues).toEqual([expect.objectContaining({ path: 'path' })]);
  });

  it('rejects a request larger than 64 KiB before schema validation', async () => {
    const s = setup();
    const result = await s.invoke('library.open', s.trustedEvent(), { path: 'x'.repeat(MAX_REQUEST_BYTES + 1) });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-argument', detail: { reason: 'too-large' } } });
    expect(s.handlers['library.open']).not.toHaveBeenCalled();
  });

  it('rejects a request that cannot be serialised (cycle, BigInt)', async () => {
    const s = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const request of [cyclic, { path: 10n }]) {
      await expect(s.invoke('library.open', s.trustedEvent(), request)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
  });
});

describe('handler failures', () => {
  it('turns a thrown error into internal, never a rejected promise', async () => {
    const s = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    s.handlers['library.refresh'].mockRejectedValueOnce(new Error('disk on fire'));
    const result = await s.invoke('library.refresh', s.trustedEvent(), {});
    // The renderer gets a generic message; the error itself goes to stderr.
    expect(result).toMatchObject({ ok: false, error: { code: 'internal', message: 'internal error in library.refresh' } });
    expect(JSON.stringify(result)).not.toContain('disk on fire');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('library.refresh'), expect.objectContaining({ message: 'disk on fire' }));
    s.handlers['library.current'].mockImplementationOnce(() => {
      throw 'not even an Error';
    });
    await expect(s.invoke('library.current', s.trustedEvent(), {})).resolves.toMatchObject({ error: { code: 'internal' } });
    error.mockRestore();
  });

  it('turns a handler that returns no Result into internal', async () => {
    const s = setup();
    s.handlers['app.info'].mockResolvedValueOnce(undefined);
    await expect(s.invoke('app.info', s.trustedEvent(), {})).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('broadcast', () => {
  afterEach(() => vi.useRealTimers());

  const snapshot = (root: string): PushMessage => ({
    kind: 'library.changed',
    snapshot: emptySnapshot(root) satisfies LibrarySnapshot,
  });

  it('sends to every window on inspector:push, at most once per 16 ms, latest snapshot wins', () => {
    vi.useFakeTimers();
    const registry = new WindowRegistry();
    const a = new FakeBrowserWindow({});
    const b = new FakeBrowserWindow({});
    registry.track(a as never);
    registry.track(b as never);
    const { broadcast, dispose } = createBroadcaster(registry, 16);

    broadcast(snapshot('/one'));
    for (const w of [a, b]) expect(w.webContents.send).toHaveBeenCalledExactlyOnceWith('inspector:push', snapshot('/one'));

    broadcast(snapshot('/two'));
    broadcast(snapshot('/three'));
    vi.advanceTimersByTime(15);
    for (const w of [a, b]) expect(w.webContents.send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    for (const w of [a, b]) {
      expect(w.webContents.send).toHaveBeenCalledTimes(2);
      expect(w.webContents.send).toHaveBeenLastCalledWith('inspector:push', snapshot('/three'));
    }
    dispose();
  });

  it('skips closed windows', () => {
    const registry = new WindowRegistry();
    const a = new FakeBrowserWindow({});
    registry.track(a as never);
    a.emit('closed');
    createBroadcaster(registry).broadcast(snapshot('/x'));
    expect(a.webContents.send).not.toHaveBeenCalled();
  });
});
