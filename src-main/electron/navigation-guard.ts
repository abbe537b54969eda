/**
 * Navigation, new-window and <webview> guards for every webContents we own.
 *
 * The renderer is a single page at APP_ENTRY_URL: it never needs to navigate anywhere else, open
 * a second window or embed a webview, so all three are refused (security checklist items 12-14).
 * Links meant for the user's browser go through `window.open` / `target="_blank"`, and only
 * parsed `https:` URLs reach `shell.openExternal` (item 15).
 */
import { shell, type WebContents } from 'electron';
import { isAppEntryUrl, parseUrl } from '../app-url';

/** Longest URL we hand to the OS; longer is almost certainly not a link a person clicked. */
const MAX_EXTERNAL_URL_LENGTH = 2048;

const guarded = new WeakSet<WebContents>();

/** True when `url` may be opened in the user's browser: it parses and its protocol is https:. */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL_LENGTH) return false;
  const parsed = parseUrl(url);
  // Credentials in a link are a phishing trick (https://bank.com@evil.example); refuse them.
  return parsed !== null && parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
}

/** Open `url` in the user's browser if it is a safe https URL; returns whether it did. */
export function openExternalIfSafe(url: unknown): boolean {
  if (!isSafeExternalUrl(url)) return false;
  // The OS opens it; a failure (no browser) is not ours to surface to the page.
  shell.openExternal(url).catch(() => undefined);
  return true;
}

/** Install the guards on `contents` (idempotent: safe from both the factory and web-contents-created). */
export function guardWebContents(contents: WebContents): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);

  const blockForeign = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppEntryUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => blockForeign(event, event.url));
  // will-navigate covers only the main frame; this covers subframes as well.
  contents.on('will-frame-navigate', (event) => blockForeign(event, event.url));
  // A redirect cancels the whole navigation, so even an allowed start cannot end elsewhere.
  contents.on('will-redirect', (event) => blockForeign(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
}
