/**
 * Browser mode's credential on the page side.
 *
 * The start URL (`/?token=T`) carries the token once. It is moved into this tab's
 * sessionStorage, which the browser scopes by origin (port included), and the address bar
 * is rewritten without it, so history, copied run links and Referer never carry it. It is
 * never put in a cookie: cookies are scoped by host, not port, so every other server on
 * 127.0.0.1 would receive it.
 */

import { TOKEN_STORAGE_KEY } from '../../shared/web-token-key';

export { TOKEN_STORAGE_KEY };

/** The pieces of `window` this module touches (injectable for tests). */
export type TokenHost = {
  location: { pathname: string; search: string; hash: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/**
 * Take `?token=` off the address (storing it) and return the token to send, or null.
 *
 * Called once at start-up; the rest of the query and the hash route are kept.
 */
export function takeToken(host: TokenHost): string | null {
  const params = new URLSearchParams(host.location.search);
  const fromUrl = params.get('token');
  if (fromUrl !== null) {
    params.delete('token');
    const rest = params.toString();
    host.history.replaceState(null, '', `${host.location.pathname}${rest ? `?${rest}` : ''}${host.location.hash}`);
    if (fromUrl) host.storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
  }
  return host.storage.getItem(TOKEN_STORAGE_KEY);
}

/** The token of this page: taken from the URL or this tab's storage (null in Electron or without one). */
export function pageToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return takeToken({ location: window.location, history: window.history, storage: window.sessionStorage });
  } catch {
    // Storage disabled: the token still works for this page load, just not after a reload.
    return new URLSearchParams(window.location.search).get('token');
  }
}
