/**
 * Who may talk to the server at all: checked before the token, on every request.
 *
 * A loopback port is reachable from any page the user's browser opens, so the server
 * refuses requests that were not addressed to it by name (DNS rebinding: `evil.example`
 * re-pointed at 127.0.0.1 sends `Host: evil.example:PORT`) or that another site started.
 */
import type { IncomingMessage } from 'node:http';

/** Why a request was refused, or null when it may proceed to the token check. */
export type GuardRefusal = 'host' | 'origin' | 'fetch-site' | null;

/** The Host values accepted for a server on `port`. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The Origin values accepted for a server on `port`. */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

/** Check Host, Origin and Sec-Fetch-Site; returns the first reason to refuse, or null. */
export function checkRequestSource(req: IncomingMessage, port: number): GuardRefusal {
  // rawHeaders, not headers: Node joins or drops duplicates, and two Host headers must fail.
  const hosts = rawHeaderValues(req, 'host');
  if (hosts.length !== 1 || !allowedHosts(port).includes(hosts[0].toLowerCase())) return 'host';

  const origins = rawHeaderValues(req, 'origin');
  if (origins.length > 1) return 'origin';
  if (origins.length === 1 && !allowedOrigins(port).includes(origins[0].toLowerCase())) return 'origin';

  const site = (req.headers['sec-fetch-site'] ?? '').toString().toLowerCase();
  if (site === 'cross-site') return 'fetch-site';
  // Another loopback port counts as "same-site" (sites ignore ports) but is a different app;
  // only a top-level navigation from it (a clicked link) is let through to the token check.
  if (site === 'same-site' && req.headers['sec-fetch-mode'] !== 'navigate') return 'fetch-site';
  return null;
}

function rawHeaderValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() === name) values.push(req.rawHeaders[i + 1].trim());
  }
  return values;
}
