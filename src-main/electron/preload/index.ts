/**
 * The preload: exposes `window.inspector` (one named function per contract channel plus
 * `subscribe`) and turns folder drops into `library.open`. Nothing else crosses the bridge.
 *
 * Runs sandboxed, bundled to CommonJS: it may require only 'electron'. It imports only the
 * zod-free halves of the contract, so no schema library lands in the page's
 * neighbourhood; main validates every request anyway. `ipcRenderer` itself is never exposed:
 * the page could otherwise invoke or listen on any channel.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { channelNames, type Channel, type InspectorApi, type PushMessage } from '../../../shared/contract';
import { BRIDGE_KEY, ipcChannelFor, PUSH_CHANNEL } from '../../../shared/ipc-channels';
import { openTargetFor } from '../../../shared/open-target';

/** The contract channels the bridge exposes (contract.ts keeps this list zod-free). */
export const bridgeChannels: readonly Channel[] = channelNames;

/** Build the object exposed as `window.inspector` (exported for tests). */
export function createInspectorApi(): InspectorApi {
  const api: Record<string, unknown> = {};
  for (const channel of bridgeChannels) {
    // Only the request crosses: the page cannot pick the IPC channel or add arguments.
    api[channel] = (request?: unknown) => ipcRenderer.invoke(ipcChannelFor(channel), request ?? {});
  }
  api.subscribe = (listener: (message: PushMessage) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe expects a function');
    // Wrap so the page never sees the IpcRendererEvent (it carries `sender`, i.e. ipcRenderer).
    const wrapped = (_event: IpcRendererEvent, message: PushMessage) => listener(message);
    ipcRenderer.on(PUSH_CHANNEL, wrapped);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipcRenderer.removeListener(PUSH_CHANNEL, wrapped);
    };
  };
  return api as InspectorApi;
}

/**
 * Drag and drop of a folder: the page cannot see file paths under context isolation, so the
 * preload reads the dropped item's path with webUtils and opens it through the existing
 * `library.open` channel (same gate, same validation in main). The renderer learns the result
 * from the `library.changed` push the core publishes on success.
 */
export function installDropToOpen(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('dragover', (event) => {
    // Without preventDefault on dragover, Chromium never fires drop.
    if (hasFiles(event)) event.preventDefault();
  });
  target.addEventListener('drop', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    const file = event.dataTransfer?.files[0];
    const path = file ? webUtils.getPathForFile(file) : '';
    // Empty for items that are not on disk (e.g. text dragged from another app). A dropped
    // events.db or ledger file opens the data dir holding it.
    if (path) void ipcRenderer.invoke(ipcChannelFor('library.open'), { path: openTargetFor(path) });
  });
}

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

contextBridge.exposeInMainWorld(BRIDGE_KEY, createInspectorApi());
installDropToOpen(window);
