/**
 * Electron IPC channel names shared by main (src-main/electron/ipc.ts) and the preload.
 *
 * Kept apart from contract.ts on purpose: this module is pure constants with no zod, so the
 * sandboxed preload can import it without bundling a schema library into the renderer.
 */
import type { Channel } from './contract';

/** Prefix of every invoke channel; keeps our messages apart from any other IPC traffic. */
export const IPC_CHANNEL_PREFIX = 'inspector:';

/** The one channel main uses to push `PushMessage`s to a window. */
export const PUSH_CHANNEL = 'inspector:push';

/** Name of the global the preload exposes (`window.inspector`). */
export const BRIDGE_KEY = 'inspector';

/** The Electron IPC channel that carries one contract channel's invocations. */
export function ipcChannelFor(channel: Channel): string {
  return IPC_CHANNEL_PREFIX + channel;
}
