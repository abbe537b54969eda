import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../../test/support/fake-electron')).fakeElectron);

import { channelNames, type InspectorApi, type PushMessage } from '../../../shared/contract';
import { fakeElectron } from '../../../test/support/fake-electron';
import { emptySnapshot } from '../../../test/support/empty-snapshot';

type Listener = (event: { type: string; preventDefault(): void; dataTransfer?: unknown }) => void;
const windowListeners = new Map<string, Listener>();
let api: InspectorApi;

beforeAll(async () => {
  // The preload runs in a renderer: give it the one global it touches.
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: Listener) => windowListeners.set(type, listener),
  });
  await import('./index');
  const [key, exposed] = fakeElectron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, InspectorApi];
  expect(key).toBe('inspector');
  api = exposed;
});

beforeEach(() => {
  fakeElectron.ipcRenderer.invoke.mockClear();
  fakeElectron.ipcRenderer.removeAllListeners();
});

describe('preload bridge', () => {
  it('exposes exactly one function per contract channel plus subscribe, once', () => {
    expect(fakeElectron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(Object.keys(api).sort()).toEqual([...channelNames, 'subscribe'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('never exposes ipcRenderer or its methods', () => {
    const values = Object.values(api) as unknown[];
    expect(values).not.toContain(fakeElectron.ipcRenderer);
    expect(values).not.toContain(fakeElectron.ipcRenderer.invoke);
    expect(values).not.toContain(fakeElectron.ipcRenderer.on);
  });

  it.each(channelNames)('%s invokes inspector:<channel> with only the request', async (channel) => {
    const request = channel === 'library.open' ? { path: '/data' } : {};
    await (api[channel] as (r: unknown) => Promise<unknown>)(request);
    expect(fakeElectron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(`inspector:${channel}`, request);
  });

  it('subscribe delivers the message without the IPC event; unsubscribe removes the listener', () => {
    const listener = vi.fn();
    const unsubscribe = api.subscribe(listener);
    expect(fakeElectron.ipcRenderer.listenerCount('inspector:push')).toBe(1);
    const message: PushMessage = { kind: 'library.changed', snapshot: emptySnapshot('/r') };
    fakeElectron.ipcRenderer.emit('inspector:push', { sender: fakeElectron.ipcRenderer }, message);
    expect(listener).toHaveBeenCalledExactlyOnceWith(message);

    unsubscribe();
    expect(fakeElectron.ipcRenderer.listenerCount('inspector:push')).toBe(0);
    fakeElectron.ipcRenderer.emit('inspector:push', {}, message);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe(); // idempotent
  });

  it('each subscription is removed independently', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = api.subscribe(first);
    api.subscribe(second);
    unsubscribeFirst();
    fakeElectron.ipcRenderer.emit('inspector:push', {}, { kind: 'library.changed' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});

describe('drag and drop of a folder', () => {
  const dataTransfer = (files: unknown[]) => ({ types: ['Files'], files });

  it('opens the dropped path through library.open', () => {
    fakeElectron.webUtils.getPathForFile.mockReturnValueOnce('/home/me/project/.little-workflow');
    const file = { name: '.little-workflow' };
    const dragover = { type: 'dragover', preventDefault: vi.fn(), dataTransfer: dataTransfer([file]) };
    windowListeners.get('dragover')!(dragover);
    expect(dragover.preventDefault).toHaveBeenCalled();
    const drop = { type: 'drop', preventDefault: vi.fn(), dataTransfer: dataTransfer([file]) };
    windowListeners.get('drop')!(drop);
    expect(drop.preventDefault).toHaveBeenCalled();
    expect(fakeElectron.webUtils.getPathForFile).toHaveBeenCalledWith(file);
    expect(fakeElectron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith('inspector:library.open', {
      path: '/home/me/project/.little-workflow',
    });
  });

  it('opens the data dir of a dropped events.db', () => {
    fakeElectron.webUtils.getPathForFile.mockReturnValueOnce('/home/me/project/.little-workflow/events/events.db');
    windowListeners.get('drop')!({ type: 'drop', preventDefault: vi.fn(), dataTransfer: dataTransfer([{ name: 'events.db' }]) });
    expect(fakeElectron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith('inspector:library.open', {
      path: '/home/me/project/.little-workflow',
    });
  });

  it('ignores drops without files or without a disk path', () => {
    windowListeners.get('drop')!({ type: 'drop', preventDefault: vi.fn(), dataTransfer: { types: ['text/plain'], files: [] } });
    fakeElectron.webUtils.getPathForFile.mockReturnValueOnce('');
    windowListeners.get('drop')!({ type: 'drop', preventDefault: vi.fn(), dataTransfer: dataTransfer([{}]) });
    expect(fakeElectron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });
});
