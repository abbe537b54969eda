/**
 * The IPC contract: the types and the runtime channel list derived from the one declaration
 * of the channels (`contract-channels.ts`).
 *
 * Requests pass one gate before any handler runs (src-main/library/invoke-channel.ts, used by
 * src-main/electron/ipc.ts and src-main/web/api-call.ts): size cap, the channel's zod schema,
 * and a check that the handler answered a `Result`. Responses are always `Result<T>`:
 * failures travel as typed diagnostics, never as throws. `Handlers` is a mapped type, so a
 * channel without a handler is a compile error.
 *
 * This module has no runtime zod import, so the preload and the renderer can use it.
 */
import type { z } from 'zod';
import { CHANNELS } from './contract-channels';
import type { Result } from './diagnostics';
import type { BundleInfo } from './bundle/bundle-types';
import type { LibrarySnapshot } from './library';
import type { LivePushMessage } from './live/live-types';
import type { OtlpProgress } from './otlp/otlp-app-types';
import type { FleetIndexStatus } from './search/fleet-search-types';

export { MAX_PATH_LENGTH } from './contract-channels';

/** Static facts about the running app. */
export type AppInfo = {
  name: string;
  version: string;
  /** `electron` in the desktop app, `browser` behind `little-inspector serve`, `bundle` in a shared bundle's page. */
  mode: 'electron' | 'browser' | 'bundle';
  /** The data dir opened at start-up, if any. */
  initialPath: string | null;
  /** Recently opened roots, most recent first (Electron keeps them in its user-data folder). */
  recent: string[];
  /** In a shared bundle: what it holds, what its budget left out, what was redacted, its notes. */
  bundle?: BundleInfo;
};

type Spec<C extends Channel> = (typeof CHANNELS)[C];

/** A channel name (declared once, in contract-channels.ts). */
export type Channel = keyof typeof CHANNELS;
export type RequestOf<C extends Channel> = z.infer<ReturnType<Spec<C>['request']>>;
export type ResponseOf<C extends Channel> = Spec<C>['response'];

/** Every channel's handler; a missing one does not compile. */
export type Handlers = {
  [C in Channel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
};

/**
 * Push messages from main to every window / browser tab.
 *
 * `library.changed` carries the whole snapshot (latest wins when coalesced); the live kinds
 * (`run.delta`, `run.started`, `run.ended`, `run.reset`, see `live/live-types.ts`) come from
 * the live observer and are merged, never dropped (`live/push-merge.ts`).
 */
export type PushMessage =
  | { kind: 'library.changed'; snapshot: LibrarySnapshot }
  | LivePushMessage
  /** Desktop File > Export report…: sent to the focused window only, which exports the run it shows. */
  | { kind: 'menu.exportRun' }
  /** Progress of an `otlp.send` (to every window; each shows the jobs it started). */
  | { kind: 'otlp.progress'; progress: OtlpProgress }
  /** How an open under way is going (library.open): the walk's counts, then the reading of what it found. */
  | { kind: 'library.opening'; progress: OpeningProgress }
  /** fleet-search: the fleet index's build progress (throttled), then `ready`. */
  | { kind: 'fleet.indexing'; status: FleetIndexStatus };

/** An open's progress: folders looked into, data dirs and harness sessions found so far. */
export type OpeningProgress = { path: string; phase: 'discovering' | 'reading'; folders: number; dataDirs: number; sessions: number };

/** Names of all channels, in declaration order. */
export const channelNames = Object.keys(CHANNELS) as Channel[];

/** True when `name` is one of the contract's channels (own keys only: `constructor` is not). */
export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(CHANNELS, name);
}

/** The API object the renderer sees, derived from the contract (one function per channel). */
export type InspectorApi = {
  [C in Channel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
} & {
  /** Subscribe to pushes; returns the unsubscribe for React effect cleanup. */
  subscribe(listener: (message: PushMessage) => void): () => void;
};
