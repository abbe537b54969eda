/**
 * Headers sent on every response, errors included.
 *
 * The renderer is self-contained (no CDN, no inline script), so the CSP can start from
 * `default-src 'none'`; `unsafe-inline` styles stay because recharts and the virtual list
 * set style attributes. Framing is forbidden twice (CSP + X-Frame-Options) for old engines.
 */
import type { ServerResponse } from 'node:http';

/** The Content-Security-Policy every response carries. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

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
