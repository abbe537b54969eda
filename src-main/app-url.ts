/**
 * Where our renderer lives: the privileged `app://inspector/` origin.
 *
 * A custom scheme instead of file:// (Electron security checklist item 18): file:// pages share
 * one opaque origin with every local file and can read siblings, while `app://inspector` is a
 * real origin we serve file by file from out/renderer only. Pure module: no Electron import, so
 * the IPC sender check, navigation guard and protocol handler all agree on one definition.
 */

/** The custom scheme serving the renderer. */
export const APP_SCHEME = 'app';

/** The only host our scheme answers. */
export const APP_HOST = 'inspector';

/** Our renderer's origin, as the web platform spells it. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Path of the renderer's entry document under APP_ORIGIN. */
export const APP_ENTRY_PATH = '/index.html';

/** The URL every window loads. */
export const APP_ENTRY_URL = APP_ORIGIN + APP_ENTRY_PATH;

/** Parse a URL string, or null when it does not parse (never throws). */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `url` belongs to our renderer origin (any path). */
export function isAppOriginUrl(url: string): boolean {
  const parsed = parseUrl(url);
  // Compare protocol + host explicitly: URL.origin is the string "null" for non-special schemes
  // on some runtimes, which would make every custom-scheme URL look alike.
  return (
    parsed !== null &&
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** True when `url` is our entry document (query and fragment ignored: the SPA may use them). */
export function isAppEntryUrl(url: string): boolean {
  return isAppOriginUrl(url) && new URL(url).pathname === APP_ENTRY_PATH;
}
