/**
 * A short TCP connect to the tracing backend before the first export. The exporters retry a
 * refused or silent endpoint until their whole timeout (10 s) and then say only "did not answer
 * in time"; a dead endpoint should be named within seconds (issue 34). The probe only opens
 * and closes a socket: nothing is sent, so a live backend sees an empty connection.
 */
import { connect, type Socket } from 'node:net';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { shownUrl } from '../../shared/otlp/otlp-credentials';

/** How long a connect may take before the endpoint is called dead. */
export const CONNECT_TIMEOUT_MS = 3000;

/** Host and port of an http(s) URL (the scheme's default port when none is written). */
function hostPort(url: URL): { host: string; port: number } {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  // `new URL` keeps IPv6 hosts in brackets; net.connect wants them bare.
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/**
 * Resolve ok once a TCP connection to `target` opens, or a typed diagnostic within `timeoutMs`.
 * `open` makes the socket (tests pass one that never connects: no address is silent on every network).
 */
export function probeConnect(target: string, timeoutMs = CONNECT_TIMEOUT_MS, open: (to: { host: string; port: number }) => Socket = connect): Promise<Result<void>> {
  const shown = shownUrl(target);
  const { host, port } = hostPort(new URL(target));
  return new Promise((resolve) => {
    const socket = open({ host, port });
    const done = (result: Result<void>) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const dead = (why: string, code?: string) =>
      done(fail(diagnostic('otlp-export-failed', `The tracing backend at ${shown} could not be reached: ${why}. Is the collector running, and is this its OTLP/HTTP address?`, { detail: { url: shown, ...(code ? { code } : {}) } })));
    const timer = setTimeout(() => dead(`no connection within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once('connect', () => done(ok(undefined)));
    socket.once('error', (error: NodeJS.ErrnoException) => dead(`${error.code ?? 'connect error'} (${error.message})`, error.code));
  });
}
