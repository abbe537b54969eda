/**
 * Where the app keeps its own cache (fold checkpoints): the OS cache folder by default,
 * `--cache-dir DIR` or `LITTLE_INSPECTOR_CACHE_DIR` to move it, `--no-cache` to turn it off.
 * Never inside a data dir: a cache dir inside an opened data dir is refused with a typed
 * diagnostic (the app never writes a byte to a data dir).
 */
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';

/** The environment variable that moves the cache. */
export const CACHE_DIR_ENV = 'LITTLE_INSPECTOR_CACHE_DIR';

/** What the user asked for: flags beat the environment, which beats the OS default. */
export type CacheDirRequest = { cacheDir?: string; noCache?: boolean };

/** The platform facts the default depends on (injected by tests). */
export type CacheDirHost = { platform: NodeJS.Platform; env: NodeJS.ProcessEnv; home: string; cwd: string };

/** The running process's host facts. */
export function currentHost(): CacheDirHost {
  return { platform: process.platform, env: process.env, home: homedir(), cwd: process.cwd() };
}

/** The cache folder to use (absolute), or null when caching is off. */
export function resolveCacheDir(request: CacheDirRequest, host: CacheDirHost = currentHost()): string | null {
  if (request.noCache) return null;
  const chosen = request.cacheDir ?? nonEmpty(host.env[CACHE_DIR_ENV]);
  if (chosen !== undefined) return resolve(host.cwd, chosen);
  return defaultCacheDir(host);
}

/** The OS cache folder of the app: XDG on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows. */
export function defaultCacheDir(host: CacheDirHost): string {
  if (host.platform === 'darwin') return join(host.home, 'Library', 'Caches', 'little-inspector');
  if (host.platform === 'win32') {
    const local = nonEmpty(host.env.LOCALAPPDATA) ?? join(host.home, 'AppData', 'Local');
    return join(local, 'little-inspector', 'Cache');
  }
  const xdg = nonEmpty(host.env.XDG_CACHE_HOME);
  // XDG says a relative XDG_CACHE_HOME is invalid and must be ignored.
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(host.home, '.cache'), 'little-inspector');
}

/**
 * Refuse a cache folder that is, or is inside, one of `dataDirs` (or holds one: a cache at a
 * folder above a data dir would still be written next to it, but never into it, so that is allowed).
 */
export function checkCacheDirOutside(cacheDir: string, dataDirs: readonly string[]): Result<string> {
  for (const dataDir of dataDirs) {
    const rel = relative(resolve(dataDir), resolve(cacheDir));
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) {
      return fail(
        diagnostic('cache-dir-in-data-dir', `The cache folder ${cacheDir} is inside the data dir ${dataDir}; the inspector never writes into a data dir. Choose another --cache-dir or use --no-cache.`, {
          path: cacheDir,
          detail: { cacheDir, dataDir },
        }),
      );
    }
  }
  return ok(cacheDir);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
