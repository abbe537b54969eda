/**
 * The third transport: a shared bundle's page answers the contract's channels itself, from the
 * data it carries (bundle-handlers.ts, loaded on first use), with no server and no network.
 * Views call it like the other two and never know which one they are on.
 */
import { channelNames, type Channel, type InspectorApi, type RequestOf, type ResponseOf } from '../../shared/contract';
import type { Result } from '../../shared/diagnostics';

/** Answers each channel's request (a bundle's handlers). */
export type BundleHandlers = { [C in Channel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>> };

/** The API over `load` (called once; its handlers answer every call after). */
export function createBundleApi(load: () => Promise<BundleHandlers>): InspectorApi {
  let handlers: Promise<BundleHandlers> | null = null;
  const api = {
    // Nothing is ever pushed: the bundle is a snapshot of the run.
    subscribe: () => () => undefined,
  } as unknown as InspectorApi;
  for (const channel of channelNames) {
    (api as unknown as Record<string, unknown>)[channel] = async (request: never) => {
      handlers ??= load();
      return (await handlers)[channel](request);
    };
  }
  return api;
}
