import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV } from '../src-main/app-folders/app-folders';
import { fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';

// The CLI keeps fold checkpoints where --cache-dir / LITTLE_INSPECTOR_CACHE_DIR say, none with
// --no-cache, never inside the data dir, and answers the same with or without them.
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const temp = () => {
  const root = mkdtempSync(join(tmpdir(), 'li-cli-cache-'));
  roots.push(root);
  return root;
};
const checkpointFiles = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ckpt'));
};

describe('little-inspector and the cache folder', () => {
  const run = fixtureRun('crashed model-call-in-flight');

  it('report, plan and replay --at answer alike with the cache cold, warm and off; the data dir stays byte-identical', async () => {
    const before = hashTree(run.dir);
    const cache = temp();
    for (const argv of [['report', run.runId], ['report', run.runId, '--table'], ['plan', run.runId, '--at', '3'], ['replay', run.runId, '--at', '3']]) {
      const off = await cli(...argv, '--data-dir', run.dir, '--no-cache');
      const cold = await cli(...argv, '--data-dir', run.dir, '--cache-dir', cache);
      const warm = await cli(...argv, '--data-dir', run.dir, '--cache-dir', cache);
      expect(cold, argv.join(' ')).toEqual(off);
      expect(warm, argv.join(' ')).toEqual(off);
    }
    expect(checkpointFiles(cache).length).toBeGreaterThan(0);
    expect(hashTree(run.dir)).toEqual(before);
  });

  it('puts checkpoints in --cache-dir, else in LITTLE_INSPECTOR_CACHE_DIR, and nowhere with --no-cache', async () => {
    const flag = temp();
    const env = temp();
    const previous = process.env[CACHE_DIR_ENV];
    process.env[CACHE_DIR_ENV] = env;
    try {
      expect((await cli('report', run.runId, '--data-dir', run.dir, '--cache-dir', flag)).code).toBe(0);
      expect(checkpointFiles(flag).length).toBeGreaterThan(0);
      expect(checkpointFiles(env)).toEqual([]);
      expect((await cli('report', run.runId, '--data-dir', run.dir)).code).toBe(0);
      expect(checkpointFiles(env).length).toBeGreaterThan(0);
      const off = temp();
      process.env[CACHE_DIR_ENV] = off;
      expect((await cli('report', run.runId, '--data-dir', run.dir, '--no-cache')).code).toBe(0);
      expect(checkpointFiles(off)).toEqual([]);
    } finally {
      process.env[CACHE_DIR_ENV] = previous;
    }
  });

  it('refuses a cache folder inside the data dir (exit 2) and writes nothing', async () => {
    const before = hashTree(run.dir);
    const result = await cli('report', run.runId, '--data-dir', run.dir, '--cache-dir', join(run.dir, 'cache'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('inside the data dir');
    expect(hashTree(run.dir)).toEqual(before);
  });
});
