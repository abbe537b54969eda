/**
 * The per-server secret that every request must present.
 *
 * The browser gets it once in the start URL (`/?token=T`); the page moves it into its own
 * sessionStorage and sends it as a Bearer header. Tools may send `?token=` instead. It is
 * never a cookie: cookies are scoped by host, not port, so a cookie would reach every
 * other server on 127.0.0.1 (one that received it could replay it here).
 */
import type { IncomingMessage } from 'node:http';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh token: 32 random bytes, base64url (URL- and cookie-safe, no padding). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compare two tokens in constant time.
 *
 * Both sides are hashed first because `timingSafeEqual` needs equal lengths, and comparing
 * lengths directly would leak the token's length.
 */
export function tokensEqual(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Every token the request offers: a Bearer header, each `?token=`. Cookies are ignored. */
export function offeredTokens(req: IncomingMessage): string[] {
  return [...bearerTokens(req), ...queryTokens(req.url ?? '')];
}

/** True when any offered token matches. */
export function requestHasToken(req: IncomingMessage, token: string): boolean {
  let found = false;
  for (const candidate of offeredTokens(req)) {
    if (tokensEqual(token, candidate)) found = true;
  }
  return found;
}

/** The `?token=` values of a raw request URL. */
export function queryTokens(rawUrl: string): string[] {
  const queryStart = rawUrl.indexOf('?');
  if (queryStart < 0) return [];
  return new URLSearchParams(rawUrl.slice(queryStart + 1)).getAll('token');
}

function bearerTokens(req: IncomingMessage): string[] {
  const header = req.headers.authorization;
  if (!header) return [];
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? [match[1]] : [];
}
