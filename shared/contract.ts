/**
 * The IPC contract: every channel main answers, its request and its response type.
 *
 * Requests are validated with the schemas in `contract-schemas.ts` in exactly one place on
 * each transport (src-main/electron/ipc.ts for Electron, src-main/web for browser mode) before any
 * handler runs. Responses are always `Result<T>`: failures travel as typed diagnostics,
 * never as throws. `Handlers` is a mapped type, so a channel without a handler is a compile
 * error; `CHANNEL_TABLE` makes a channel missing from the runtime list one too.
 *
 * This module has no runtime zod import, so the preload and the renderer can use it.
 */
import type { z } from 'zod';
import type { requestSchemas } from './contract-schemas';
import type { Diagnostic, Result } from './diagnostics';
import type { RunComparison } from './compare/run-comparison';
import type { EventEnvelope } from './events/envelope';
import type { LibrarySnapshot } from './library';
import type { LivePushMessage } from './live/live-types';
import type { RunExport } from './report-export/run-export-types';
import type { JsonPreview } from './run/json-preview';
import type { CostsModel, HarnessRefs, RunHead, Slice, StepView } from './run/run-head-types';

/** Longest path string accepted over IPC or HTTP. */
export const MAX_PATH_LENGTH = 4096;

/** Static facts about the running app. */
export type AppInfo = {
  name: string;
  version: string;
  /** `electron` in the desktop app, `browser` behind `little-inspector serve`. */
  mode: 'electron' | 'browser';
  /** The data dir opened at start-up, if any. */
  initialPath: string | null;
  /** Recently opened roots, most recent first (Electron keeps them in its user-data folder). */
  recent: string[];
};

/** Every channel's response type. */
export type ResponseMap = {
  'app.info': AppInfo;
  'library.open': LibrarySnapshot;
  'library.current': LibrarySnapshot | null;
  'library.refresh': LibrarySnapshot | null;
  /** The chosen path, or null when cancelled; `unsupported` in browser mode. */
  'dialog.openDirectory': string | null;
  /** Desktop only: save the run on screen through the save dialog; the written path, or null when cancelled. */
  'dialog.exportReport': string | null;
  /** The snapshot re-priced with the new table (null when nothing is open). */
  'pricing.load': LibrarySnapshot | null;
  /** The run's head: state, report totals, crash boundary, resume plan, findings, counts (the long lists come by `run.slice`). */
  'run.detail': RunHead;
  /** A window of the run's steps, visible timeline rows, turn rows, report rows or raw events (filtered in main). */
  'run.slice': Slice;
  /** One step with the harness sessions that ran it. */
  'run.step': StepView;
  /** A session, turn or tool call with the items its pane names (its turns and tools, its requester). */
  'run.harness': HarnessRefs;
  /** The cost charts' aggregate (per step, over time, per model). */
  'run.costs': CostsModel;
  /** `little report --table` of the run, byte for byte. */
  'run.reportText': string;
  /** The run's integrity findings, once main has checked them (the head may come first). */
  'run.findings': Diagnostic[];
  /** One event in full; `rawPayload` is set instead when its payload is not JSON. */
  'run.event': { event: EventEnvelope | null; rawPayload: string | null };
  /** An artifact's manifest and payload (verified against its hash; previews past 2 MB). */
  'run.artifact': { manifest: Record<string, unknown>; payload: JsonPreview };
  /** The run exported as a report (html, md, json as text; pdf as base64); see docs/EXPORT.md. */
  'run.export': RunExport;
  /** Replay vs live consistency (live observer state, or a simulated incremental fold) and the resume audit. */
  'run.compare': RunComparison;
};

export type Channel = keyof typeof requestSchemas & keyof ResponseMap;
export type RequestOf<C extends Channel> = z.infer<(typeof requestSchemas)[C]>;
export type ResponseOf<C extends Channel> = ResponseMap[C];

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
export type PushMessage = { kind: 'library.changed'; snapshot: LibrarySnapshot } | LivePushMessage;

const CHANNEL_TABLE: Record<Channel, true> = {
  'app.info': true,
  'library.open': true,
  'library.current': true,
  'library.refresh': true,
  'dialog.openDirectory': true,
  'dialog.exportReport': true,
  'pricing.load': true,
  'run.detail': true,
  'run.slice': true,
  'run.step': true,
  'run.harness': true,
  'run.costs': true,
  'run.reportText': true,
  'run.findings': true,
  'run.event': true,
  'run.artifact': true,
  'run.export': true,
  'run.compare': true,
};

/** Names of all channels, in declaration order. */
export const channelNames = Object.keys(CHANNEL_TABLE) as Channel[];

/** True when `name` is one of the contract's channels (own keys only: `constructor` is not). */
export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(CHANNEL_TABLE, name);
}

/** The API object the renderer sees, derived from the contract (one function per channel). */
export type InspectorApi = {
  [C in Channel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
} & {
  /** Subscribe to pushes; returns the unsubscribe for React effect cleanup. */
  subscribe(listener: (message: PushMessage) => void): () => void;
};
