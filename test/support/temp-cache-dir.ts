/**
 * Point the app's fold-checkpoint cache (LITTLE_INSPECTOR_CACHE_DIR, inherited by CLI and server
 * children) at a fresh temp folder instead of the user's OS cache folder; the returned function
 * removes it. The vitest setup (cache-env.ts) and `npm run fuzz` (scripts/fuzz.ts) both use it,
 * so the fuzz guard sees the cache as the app's own folder (li-test-cache-*), never an escape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR_ENV } from '../../src-main/app-folders/app-folders';

/** The prefix of those folders. Not 'little-inspector-*': tests count those temp folders to prove a reader leaves none behind. */
export const TEST_CACHE_PREFIX = 'li-test-cache-';

/** Set the cache folder to a new temp folder; call the result to remove it. */
export function useTempCacheDir(): () => void {
  const dir = mkdtempSync(join(tmpdir(), TEST_CACHE_PREFIX));
  process.env[CACHE_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
