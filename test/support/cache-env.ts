/**
 * Vitest setup: every test file (and every CLI or server child it spawns) keeps fold
 * checkpoints in its own temp folder, never in the user's OS cache folder.
 */
import { afterAll } from 'vitest';
import { useTempCacheDir } from './temp-cache-dir';

afterAll(useTempCacheDir());
