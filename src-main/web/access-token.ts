/**
 * The per-server secret that every request must present.
 *
 * The browser gets it once in the start URL (`/?token=T`) and keeps it in an HttpOnly
 * cookie; scripts and tools may send it as a Bearer header or `?token=` instead.
 */
import type { IncomingMessage } from 'node:http';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the cookie that carries the token after the first page load. */
export const TOKEN_COOKIE = 'li_token';

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

/** Every token the request offers: each `li_token` cookie, a Bearer header, each `?token=`. */
export function offeredTokens(req: IncomingMessage): string[] {
  return [...cookieTokens(req), ...bearerTokens(req), ...queryTokens(req.url ?? '')];
}

/**
 * True when any offered token matches.
 *
 * Any, not the first: cookies ignore ports, so a stale `li_token` from an earlier server on
 * another loopback port can sit next to the right query token or a second cookie.
 */
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

/** The Set-Cookie value that hands the token to the browser; scripts never see it. */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

function cookieTokens(req: IncomingMessage): string[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const found: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== TOKEN_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    found.push(value);
  }
  return found;
}

function bearerTokens(req: IncomingMessage): string[] {
  const header = req.headers.authorization;
  if (!header) return [];
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? [match[1]] : [];
}
