/**
 * Session-wide defences: CSP on every response, every permission denied, downloads refused.
 *
 * These live on the session, not the window, so they are installed once per session (a second
 * onHeadersReceived call would silently replace the first listener).
 */
import type { Session } from 'electron';
import { isAppOriginUrl, parseUrl } from '../app-url';
import { withContentSecurityPolicy } from '../content-security-policy';

const WEB_PROTOCOLS = new Set(['http:', 'https:', 'file:']);

const hardened = new WeakSet<Session>();

/** Apply CSP, permission and download policy to `session` (idempotent). */
export function hardenSession(session: Session): void {
  if (hardened.has(session)) return;
  hardened.add(session);

  // Our pages get the policy here as well as from the app:// handler. Any web document that
  // somehow loads (navigation is blocked, but defence in depth) gets it too; Chromium's own
  // pages (devtools://) are left alone so the developer tools keep working.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback(
      needsPolicy(details.url, details.resourceType)
        ? { responseHeaders: withContentSecurityPolicy(details.responseHeaders) }
        : {},
    );
  });

  // The inspector needs no camera, notifications, clipboard-read, HID, ... (checklist item 5).
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  // Nothing in the renderer should ever download; a download would write wherever the OS says.
  session.on('will-download', (event) => event.preventDefault());
}

/** True for responses of our origin, and for web documents (defence in depth). */
export function needsPolicy(url: string, resourceType: string): boolean {
  if (isAppOriginUrl(url)) return true;
  const protocol = parseUrl(url)?.protocol ?? '';
  return WEB_PROTOCOLS.has(protocol) && (resourceType === 'mainFrame' || resourceType === 'subFrame');
}
