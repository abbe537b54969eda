/**
 * `startWebServer`: the inspector's contract over HTTP + server-sent events, on loopback.
 *
 * Browser mode (`little-inspector serve`, e2e tests) runs the same core as Electron behind
 * this server. It binds 127.0.0.1 only and never a wildcard address, so nothing off the
 * machine can reach it; what the machine's own browser can reach is narrowed by the
 * Host/Origin checks and the per-server token (see request-router.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpath, stat } from 'node:fs/promises';
import { generateToken } from './access-token';
import type { ErrorLog } from './api-call';
import type { EventStreamOptions } from './event-stream';
import { createRequestHandler } from './request-router';
import type { WebCore } from './web-core';

/** The only address the server ever binds. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Slow clients get this long to send their headers (ms). */
export const HEADERS_TIMEOUT_MS = 10_000;

/** Slow clients get this long to send a whole request (ms); responses such as SSE are not limited. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Options for `startWebServer`. */
export type WebServerOptions = {
  /** The inspector core (the lead's `InspectorCore` fits). */
  core: WebCore;
  /** The built renderer (holds `index.html`); nothing outside it is ever served. */
  rendererDir: string;
  /** Port to bind; 0 or absent picks a free one. */
  port?: number;
  /** Fixed token (16+ URL-safe characters); a random one is made when absent. */
  token?: string;
  /** Where unexpected errors are reported; defaults to console.error. */
  log?: ErrorLog;
  /** SSE timing overrides, for tests. */
  events?: EventStreamOptions;
};

/** A running server. */
export type WebServer = {
  /** The start URL to open in a browser: `http://127.0.0.1:PORT/?token=T`. */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  token: string;
  port: number;
  /** The underlying server, for address checks in tests. */
  server: Server;
  /** Stop listening and drop every open connection, event streams included. */
  close(): Promise<void>;
};

/** Tokens must survive a URL query and a cookie value unescaped, and be long enough to guess at. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,512}$/;

/** Start the loopback server; resolves once it is listening. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? generateToken();
  if (!TOKEN_PATTERN.test(token)) {
    throw new Error('web server token must be 16-512 characters of A-Z a-z 0-9 _ -');
  }
  // Resolve the real root once: every served file's real path is checked against it.
  const realRoot = await realpath(options.rendererDir);
  if (!(await stat(realRoot)).isDirectory()) {
    throw new Error(`renderer dir is not a directory: ${options.rendererDir}`);
  }
  const log: ErrorLog = options.log ?? ((message, error) => console.error(message, error));

  const server = createServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Check the timeouts often enough that they mean what they say.
    connectionsCheckingInterval: 1_000,
  });
  const boundPort = (): number => (server.address() as AddressInfo).port;
  const streams = new Set<() => void>();
  server.on(
    'request',
    createRequestHandler({ core: options.core, token, realRoot, port: boundPort, log, events: options.events, streams }),
  );

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen({ host: LOOPBACK_HOST, port: options.port ?? 0, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', (error) => log('web: server error', error));

  const port = boundPort();
  const origin = `http://${LOOPBACK_HOST}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    token,
    port,
    server,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Event streams never end on their own: unsubscribe them now, then drop every socket.
        for (const end of [...streams]) end();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
