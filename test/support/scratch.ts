/**
 * Temp folders for the test file that imports this module, removed after its tests (vitest
 * evaluates support modules once per test file, so each file gets its own list).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { tempRoot } from './store-test-fixtures';

const roots: string[] = [];
afterAll(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A fresh temp folder, removed after the file's tests. */
export function scratchRoot(prefix?: string): string {
  const root = tempRoot(prefix);
  roots.push(root);
  return root;
}

/** A not-yet-existing `.little-workflow` data dir in a fresh temp folder. */
export function newDataDir(prefix?: string): string {
  return join(scratchRoot(prefix), '.little-workflow');
}

/**
 * Run `read` with os.tmpdir() pointing at a fresh private folder and return what it returned
 * plus the names left in that folder afterwards: a reader's private copies are counted there,
 * not in the shared temp folder, which other processes fill and empty meanwhile.
 */
export function inPrivateTmpdir<T>(read: () => T): { value: T; left: string[] } {
  const privateTmp = scratchRoot('li-private-tmp-');
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = privateTmp;
  try {
    const value = read();
    return { value, left: readdirSync(privateTmp) };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}
