/**
 * Vitest setup: every test file (and every CLI or server child it spawns) keeps fold
 * checkpoints in its own temp folder, never in the user's OS cache folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { CACHE_DIR_ENV } from '../../src-main/library/checkpoints/cache-dir';

// Not 'little-inspector-*': tests count those temp folders to prove a reader leaves none behind.
const dir = mkdtempSync(join(tmpdir(), 'li-test-cache-'));
process.env[CACHE_DIR_ENV] = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
