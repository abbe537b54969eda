/**
 * Serving the built renderer, and nothing else, from `rendererDir`.
 *
 * The URL path is taken raw (before any URL normalisation could hide a `..`), refused if it
 * carries anything path-like that a browser would never send for our assets, decoded once,
 * and the final file's real path must still lie inside the renderer dir's real path, so a
 * symlink cannot lead out either.
 */
import type { ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { sendText } from './responses';

/** Where a URL path leads: a file to serve, a refusal, or nothing. */
export type StaticTarget =
  | { kind: 'file'; filePath: string; size: number }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/** Content type by extension; anything else goes out as an opaque download type. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
});

/** The content type for a file name (`application/octet-stream` when unknown). */
export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Split a raw request path into safe segments, or refuse it.
 *
 * Encoded slashes, backslashes and NUL are refused outright rather than decoded: no asset
 * name needs them, and each is a known way past naive prefix checks.
 */
export function staticSegments(rawUrl: string): string[] | 'forbidden' | 'not-found' {
  const end = rawUrl.search(/[?#]/);
  const rawPath = end < 0 ? rawUrl : rawUrl.slice(0, end);
  if (!rawPath.startsWith('/')) return 'forbidden';
  if (/%(2f|5c|00)|[\\\0]/i.test(rawPath)) return 'forbidden';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return 'forbidden';
  }
  if (/[\\\0:]/.test(decoded)) return 'forbidden';
  if (decoded === '/') return ['index.html'];
  const segments = decoded.slice(1).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'forbidden';
  // Empty segments (`//`, trailing `/`) name directories; dot-files are never build output.
  if (segments.some((s) => s === '' || s.startsWith('.'))) return 'not-found';
  return segments;
}

/** Resolve a raw request path against the renderer dir's real path. */
export async function resolveStaticTarget(rawUrl: string, realRoot: string): Promise<StaticTarget> {
  const segments = staticSegments(rawUrl);
  if (segments === 'forbidden' || segments === 'not-found') return { kind: segments };
  const candidate = path.join(realRoot, ...segments);
  if (!isInside(realRoot, candidate)) return { kind: 'forbidden' };
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return { kind: 'not-found' };
  }
  if (!isInside(realRoot, real)) return { kind: 'forbidden' };
  try {
    const info = await stat(real);
    // Directories (and sockets, fifos…) are never served: no listings.
    if (!info.isFile()) return { kind: 'not-found' };
    return { kind: 'file', filePath: real, size: info.size };
  } catch {
    return { kind: 'not-found' };
  }
}

/** True when `child` is strictly below `root` (both absolute and already resolved). */
export function isInside(root: string, child: string): boolean {
  const relative = path.relative(root, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Answer a GET/HEAD for a static file (403/404 when the path leads nowhere allowed). */
export async function serveStatic(
  res: ServerResponse,
  rawUrl: string,
  realRoot: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const target = await resolveStaticTarget(rawUrl, realRoot);
  if (target.kind === 'forbidden') return sendText(res, 403, 'forbidden');
  if (target.kind === 'not-found') return sendText(res, 404, 'not found');
  const type = contentTypeFor(target.filePath);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(target.size),
    // The page embeds nothing secret but is only valid with this run's token: never cache it.
    'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'no-cache',
    ...extraHeaders,
  });
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(target.filePath);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}
