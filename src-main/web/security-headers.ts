/**
 * Headers sent on every response, errors included.
 *
 * The CSP is the desktop app's own policy (`default-src 'none'` upwards, no
 * `'unsafe-inline'` for styles: React sets style props through the CSSOM, which CSP does not
 * gate), so browser mode runs the UI under exactly what Electron enforces.
 * Framing is forbidden twice (CSP + X-Frame-Options) for old engines.
 */
import type { ServerResponse } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';

export { CONTENT_SECURITY_POLICY };

/** Header name -> value for every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/** Set the security headers on a response before anything else is written. */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
