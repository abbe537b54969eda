/**
 * The ONLY module that touches ipcMain: the contract's channels, guarded, plus the push path.
 *
 * Every invocation is checked here for its sender (the top frame of one of our windows showing
 * our app:// origin), then passes the contract's request gate (src-main/library/invoke-channel.ts,
 * shared with browser mode): size cap, zod schema, a `Result` from the handler. Whatever
 * happens, the renderer gets a `Result`, never a rejected promise.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelNames, type Handlers, type PushMessage } from '../../shared/contract';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import { invalidRequest, invokeChannel } from '../library/invoke-channel';
import { ipcChannelFor, PUSH_CHANNEL } from '../../shared/ipc-channels';
import { isAppOriginUrl } from '../app-url';
import { PushCoalescer } from '../push-coalescer';
import { windowRegistry, type WindowRegistry } from './window-registry';

export { MAX_REQUEST_BYTES } from '../library/invoke-channel';

/** Why a sender was refused, or null when it is trusted. */
export function untrustedSenderReason(event: IpcMainInvokeEvent, registry: WindowRegistry): string | null {
  if (!registry.isOurs(event.sender)) return 'sender is not one of our windows';
  const frame = event.senderFrame;
  // null when the frame navigated away or was destroyed while the message was in flight.
  if (frame === null || frame === undefined) return 'sender frame is gone';
  if (frame !== event.sender.mainFrame || frame.parent !== null) return 'sender is not the top frame';
  if (!isAppOriginUrl(frame.url)) return 'sender frame is not on our app origin';
  return null;
}

/** Run one invocation: the sender check, then the contract's request gate; always resolves to a Result. */
export async function dispatch(
  channel: string,
  handlers: Handlers,
  registry: WindowRegistry,
  event: IpcMainInvokeEvent,
  args: unknown[],
): Promise<Result<unknown>> {
  const refused = untrustedSenderReason(event, registry);
  if (refused !== null) {
    console.warn(`little-inspector: refused ${channel}: ${refused}`);
    return fail(diagnostic('permission-denied', `IPC refused: ${refused}`, { detail: { channel, reason: 'untrusted-sender' } }));
  }
  // The preload sends exactly one argument; anything else did not come through it.
  if (args.length !== 1) return invalidRequest(channel, `expected exactly one request argument, got ${args.length}`);
  // Full error for the developer on stderr; the renderer gets a generic diagnostic.
  return invokeChannel(handlers, channel, args[0], (message, error) => console.error(`little-inspector: ${message}:`, error));
}

/** Register a guarded ipcMain.handle for every contract channel; returns the unregister. */
export function registerIpcHandlers(handlers: Handlers, registry: WindowRegistry = windowRegistry): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(ipcChannelFor(channel), (event, ...args: unknown[]) =>
      dispatch(channel, handlers, registry, event, args),
    );
  }
  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(ipcChannelFor(channel));
  };
}

/** A push fan-out to our windows over PUSH_CHANNEL, coalesced per window. */
export type Broadcaster = {
  /** Send `message` to every window (latest of each kind wins within one interval). */
  broadcast(message: PushMessage): void;
  /** Cancel pending sends. */
  dispose(): void;
};

/** Build a broadcaster over `registry`'s windows. */
export function createBroadcaster(registry: WindowRegistry = windowRegistry, intervalMs = 16): Broadcaster {
  const coalescer = new PushCoalescer<WebContents>({
    intervalMs,
    send: (contents, message) => contents.send(PUSH_CHANNEL, message),
  });
  return {
    broadcast: (message) => coalescer.push(registry.contents(), message),
    dispose: () => coalescer.dispose(),
  };
}

const defaultBroadcaster = createBroadcaster();

/** Push `message` to every window of the process-wide registry. */
export function broadcast(message: PushMessage): void {
  defaultBroadcaster.broadcast(message);
}
