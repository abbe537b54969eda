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
import { createWebApi } from './web/web-api';
import { pageToken } from './web/web-token';

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

/** Browser mode's transport (it takes the token off the address: the inline early prepare only peeked at it). */
function pageWebApi(): InspectorApi {
  return createWebApi('', pageToken());
}

/** The API for this page: the preload bridge when present, a bundle's own data when it carries some, else the web transport. */
export const api: InspectorApi =
  typeof window !== 'undefined' && window.inspector ? window.inspector : pageHasBundle() ? createPageBundleApi() : pageWebApi();
