/**
 * The ONLY module that touches ipcMain: the contract's channels, guarded, plus the push path.
 *
 * Every invocation passes the same gate before its handler runs: the sender must be the top
 * frame of one of our windows showing our app:// origin; the request must be small and must
 * parse with the contract's zod schema. Whatever happens, the renderer gets a `Result`, never a
 * rejected promise, so one failure path reaches the UI.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelNames, type Channel, type Handlers, type PushMessage } from '../../shared/contract';
import { requestSchemas } from '../../shared/contract-schemas';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import { ipcChannelFor, PUSH_CHANNEL } from '../../shared/ipc-channels';
import { isAppOriginUrl } from '../app-url';
import { PushCoalescer } from '../push-coalescer';
import { windowRegistry, type WindowRegistry } from './window-registry';

/** Largest request accepted, measured as UTF-8 JSON; contract requests are a path at most. */
export const MAX_REQUEST_BYTES = 64 * 1024;

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

/** Validate one invocation's arguments; the parsed request, or the diagnostic to answer with. */
export function parseRequest(
  channel: Channel,
  args: unknown[],
): { ok: true; request: unknown } | { ok: false; error: Result<never> } {
  if (args.length !== 1) {
    return { ok: false, error: invalid(channel, `expected exactly one request argument, got ${args.length}`) };
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(args[0]);
  } catch {
    // Cycles and BigInts survive structured clone but are never a valid contract request.
    return { ok: false, error: invalid(channel, 'request is not JSON-serialisable') };
  }
  const bytes = json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_REQUEST_BYTES) {
    return {
      ok: false,
      error: invalid(channel, `request is ${bytes} bytes; the limit is ${MAX_REQUEST_BYTES}`, {
        reason: 'too-large',
        bytes,
        limit: MAX_REQUEST_BYTES,
      }),
    };
  }
  const parsed = requestSchemas[channel].safeParse(args[0]);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 10)
      .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    return { ok: false, error: invalid(channel, `invalid request for ${channel}`, { issues }) };
  }
  return { ok: true, request: parsed.data };
}

/** Run one invocation through the gate and the handler; always resolves to a Result. */
export async function dispatch(
  channel: Channel,
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
  const parsed = parseRequest(channel, args);
  if (!parsed.ok) return parsed.error;
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<Result<unknown>>;
    const result = await handler(parsed.request);
    if (result === null || typeof result !== 'object' || typeof result.ok !== 'boolean') {
      return fail(diagnostic('internal', `handler for ${channel} returned no Result`, { detail: { channel } }));
    }
    return result;
  } catch (error) {
    // Full error for the developer on stderr; the renderer gets the message, not the stack.
    console.error(`little-inspector: handler for ${channel} threw:`, error);
    const message = error instanceof Error ? error.message : String(error);
    return fail(diagnostic('internal', `handler for ${channel} failed: ${message}`, { detail: { channel } }));
  }
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

function invalid(channel: Channel, message: string, detail: Record<string, unknown> = {}): Result<never> {
  return fail(diagnostic('invalid-argument', message, { detail: { channel, ...detail } }));
}
