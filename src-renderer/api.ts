/**
 * The one module the UI uses to reach main.
 *
 * Three transports behind one `InspectorApi`: the preload bridge (`window.inspector`, Electron),
 * HTTP + server-sent events (browser mode, `little-inspector serve`), and a shared bundle's page
 * answering from the data it carries (`bundle/`, no main at all). Views never know which one
 * they are on.
 */
import type { InspectorApi } from '../shared/contract';
import { createBundleApi } from './bundle/bundle-api';
import { pageHasBundle } from './bundle/bundle-blocks';
import { createWebApi, type EarlyWebApi } from './web/web-api';
import { takeEarlyHead as takeHead } from './web/early-head';
import type { Result } from '../shared/diagnostics';
import type { RunRef } from '../shared/run/run-detail-types';
import type { RunHead } from '../shared/run/run-head-types';
import { adoptEarlyApi } from './web/early-transport';
import { pageToken } from './web/web-token';

/** The transport the page's first script started, when the page adopted it. */
let early: EarlyWebApi | null = null;

declare global {
  interface Window {
    /** Set by the preload in Electron; absent in browser mode. */
    inspector?: InspectorApi;
  }
}

/** The bundle's transport: its handlers (and the run model code they serve with) load on the first call. */
function createPageBundleApi(): InspectorApi {
  return createBundleApi(async () => {
    const [{ readBundle }, { bundleHandlers }] = await Promise.all([import('./bundle/bundle-blocks'), import('./bundle/bundle-handlers')]);
    return bundleHandlers(await readBundle());
  });
}

/** Browser mode's transport: the one a deep link's first script started, else a new one. */
function pageWebApi(): InspectorApi {
  // Takes the token off the address either way (the early script only peeked at it).
  const token = pageToken();
  early = adoptEarlyApi();
  return early ?? createWebApi('', token);
}

/**
 * The head of `ref` the page's first script asked (web/early-head.ts), for the run store's first
 * load: null when none was asked; once answered, null too if any push came since that script
 * opened the stream (the run may have moved on: the store then asks again, after subscribing).
 */
export function takeEarlyHead(ref: RunRef): Promise<Result<RunHead> | null> | null {
  const head = takeHead(ref);
  return head === null ? null : head.then((answer) => (early !== null && early.pushesSeen() === 0 ? answer : null));
}

/** The API for this page: the preload bridge when present, a bundle's own data when it carries some, else the web transport. */
export const api: InspectorApi =
  typeof window !== 'undefined' && window.inspector ? window.inspector : pageHasBundle() ? createPageBundleApi() : pageWebApi();
