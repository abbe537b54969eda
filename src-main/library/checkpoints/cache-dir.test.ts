import { describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV, checkCacheDirOutside, resolveCacheDir, type CacheDirHost } from './cache-dir';

const host = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}): CacheDirHost => ({ platform, env, home: '/home/u', cwd: '/work' });

describe('the cache folder', () => {
  it('defaults to the OS cache folder of each platform', () => {
    expect(resolveCacheDir({}, host('linux'))).toBe('/home/u/.cache/little-inspector');
    expect(resolveCacheDir({}, host('linux', { XDG_CACHE_HOME: '/x/cache' }))).toBe('/x/cache/little-inspector');
    // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
    expect(resolveCacheDir({}, host('linux', { XDG_CACHE_HOME: 'rel' }))).toBe('/home/u/.cache/little-inspector');
    expect(resolveCacheDir({}, host('darwin'))).toBe('/home/u/Library/Caches/little-inspector');
    const windows = resolveCacheDir({}, host('win32', { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }));
    expect(windows?.replaceAll('\\', '/')).toMatch(/AppData\/Local\/little-inspector\/Cache$/);
  });

  it('moves with --cache-dir over the environment, and --no-cache turns it off', () => {
    const env = { [CACHE_DIR_ENV]: '/from/env' };
    expect(resolveCacheDir({}, host('linux', env))).toBe('/from/env');
    expect(resolveCacheDir({ cacheDir: 'rel/dir' }, host('linux', env))).toBe('/work/rel/dir');
    expect(resolveCacheDir({ cacheDir: '/flag', noCache: true }, host('linux', env))).toBeNull();
    expect(resolveCacheDir({}, host('linux', { [CACHE_DIR_ENV]: '' }))).toBe('/home/u/.cache/little-inspector');
  });

  it('is refused inside a data dir, with a typed diagnostic', () => {
    expect(checkCacheDirOutside('/data/.little-workflow', ['/data/.little-workflow']).ok).toBe(false);
    const inside = checkCacheDirOutside('/data/.little-workflow/cache', ['/data/.little-workflow']);
    expect(inside.ok ? null : inside.error.code).toBe('cache-dir-in-data-dir');
    expect(checkCacheDirOutside('/data/cache', ['/data/.little-workflow']).ok).toBe(true);
    expect(checkCacheDirOutside('/data', ['/data/.little-workflow']).ok).toBe(true);
  });
});
