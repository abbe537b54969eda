/**
 * The transport a deep link's first script started (../early-run.ts), handed to the app (the two
 * scripts are separate entries: it waits on `window`). Adopting it, the app's first `app.info` and
 * `library.current` take the answers asked ~0.4-0.8 s earlier, and its push subscription gets
 * every push since the script opened the stream, which it did before asking the library: nothing
 * that changes after the snapshot is missed (src-renderer/api.ts).
 */
import type { EarlyWebApi } from './web-api';

/** Where the early transport waits for the app. */
export type EarlyTransportHost = { __liEarlyApi?: EarlyWebApi };

const pageHost = (): EarlyTransportHost => (typeof window === 'undefined' ? {} : (window as unknown as EarlyTransportHost));

/** Leave `api` for the app. */
export function shareEarlyApi(api: EarlyWebApi, host: EarlyTransportHost = pageHost()): void {
  host.__liEarlyApi = api;
}

/** The transport the first script left, taken once (null when it left none). */
export function adoptEarlyApi(host: EarlyTransportHost = pageHost()): EarlyWebApi | null {
  const api = host.__liEarlyApi ?? null;
  delete host.__liEarlyApi;
  return api;
}
