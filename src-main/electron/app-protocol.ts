/**
 * The `app://inspector/` protocol: serves the built renderer (out/renderer) and nothing else.
 *
 * Every response carries our CSP and `nosniff`, so the policy holds even if
 * webRequest.onHeadersReceived never sees custom-protocol responses. Paths are resolved under
 * the renderer folder and anything escaping it is a 404: a compromised page cannot use the
 * scheme to read other files.
 */
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../app-url';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Declare the scheme standard + secure; must run before `app` is ready.
 *
 * `standard` gives it a real origin (so CSP 'self' and the IPC origin check work) and `secure`
 * makes it a secure context. `corsEnabled` + `supportFetchAPI` because Vite emits
 * `<script type="module" crossorigin>`, which Chromium fetches in CORS mode and refuses for
 * schemes outside its CORS list; we send no Access-Control headers, so other origins still
 * cannot read our files. No service workers, no bypassing CSP.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, corsEnabled: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serve `app://` requests from `rendererDir`; call once the app is ready. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir));
}

/** Answer one app:// request from the files under `rendererDir` (exported for tests). */
export async function serveAppRequest(request: Request, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
  const file = resolveAppFile(request.url, rendererDir);
  if (file === null) return plain(404, 'not found');
  try {
    const body = await readFile(file);
    const type = MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': type },
    });
  } catch {
    return plain(404, 'not found');
  }
}

/** Map an app:// URL to a file under `rendererDir`, or null if it is foreign or escapes the folder. */
export function resolveAppFile(url: string, rendererDir: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    // URL parsing already collapsed literal `..`; decoding can reintroduce encoded ones
    // (%2e%2e, %2f), which the containment check below catches.
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const root = resolve(rendererDir);
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const file = resolve(root, relative);
  if (!file.startsWith(root + sep)) return null;
  // Like browser mode: the real path must stay inside the real renderer dir (no symlink out).
  try {
    const realRoot = realpathSync(root);
    const realFile = realpathSync(file);
    return realFile.startsWith(realRoot + sep) ? realFile : null;
  } catch {
    return null;
  }
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
