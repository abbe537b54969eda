/**
 * Navigation, new-window and <webview> guards for every webContents we own.
 *
 * The renderer is a single page at APP_ENTRY_URL: it never needs to navigate anywhere else, open
 * a second window or embed a webview, so all three are refused (security checklist items 12-14).
 * Links meant for the user's browser go through `window.open` / `target="_blank"`, and only
 * parsed `https:` URLs reach `shell.openExternal` (item 15), and only after the user has seen
 * the URL in a dialog and clicked Open: a page cannot send the user anywhere by itself.
 */
import { dialog, shell, type WebContents } from 'electron';
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

let asking = false;

/**
 * Offer to open `url` in the user's browser if it is a safe https URL: the URL is shown in a
 * dialog and opens only when the user clicks Open (the gesture is theirs, not the page's).
 * One dialog at a time; requests while one is up are dropped. Resolves to whether it opened.
 */
export async function openExternalIfSafe(url: unknown): Promise<boolean> {
  if (!isSafeExternalUrl(url) || asking) return false;
  asking = true;
  try {
    const choice = await dialog.showMessageBox({
      type: 'question',
      title: 'Open link',
      message: 'Open this link in your browser?',
      detail: url,
      buttons: ['Open', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    if (choice.response !== 0) return false;
    // The OS opens it; a failure (no browser) is not ours to surface to the page.
    await shell.openExternal(url).catch(() => undefined);
    return true;
  } catch {
    return false;
  } finally {
    asking = false;
  }
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
    void openExternalIfSafe(url);
    return { action: 'deny' };
  });
}
