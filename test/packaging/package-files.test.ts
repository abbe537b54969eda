// The packaged file list, computed from electron-builder.config.cjs with electron-builder's own
// matchers (app-builder-lib/out/fileMatcher, via scripts/packaging/package-files.cjs) and no
// Electron binary: the built app is in, and nothing from tests, fixtures, sources, scripts or
// dependencies is.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = join(__dirname, '..', '..');
type Listing = {
  app: string[];
  unpacked: string[];
  resources: string[];
  nodeModuleFilter: (file: string, stat: { isDirectory(): boolean; moduleFullFilePath: string }) => boolean;
};
const { packagedFiles } = require('../../scripts/packaging/package-files.cjs') as { packagedFiles(platform: string): Listing };

const SOURCE_OR_DEV = /^(src-main|src-renderer|shared|test|e2e|scripts|docs|build|reports|bin|node_modules|examples\/fixtures|\.github)\//;
const TEST_OR_SOURCE_FILE = /\.(test|spec)\.|\.(ts|tsx|mts|map)$|(^|\/)(tsconfig|vitest|playwright|eslint|electron\.vite|electron-builder)\.[^/]*$|package-lock\.json$/;

beforeAll(() => {
  // The list is only meaningful over a built out/: build it when a fresh checkout has none.
  if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`electron-vite build failed: ${build.stderr}`);
  }
}, 120_000);

/** The worker scripts: threads load them from disk (app.asar.unpacked), so each is unpacked and self-contained. */
const WORKERS = ['out/main/run-detail-worker.js', 'out/main/discovery-worker.js', 'out/main/index-worker.js', 'out/main/mirror-copy-worker.js', 'out/main/scan-worker.js', 'out/main/fleet-sql-child.js'];
/** What a worker reads beside its script (scripts/build/warm-up-log.ts): unpacked with it. */
const WORKER_FILES = [...WORKERS, 'out/main/warm-up-log.ndjson.gz'];

describe.each(['linux', 'mac', 'win'])('packaged files (%s)', (platform) => {
  it('hold the built app: main, CLI, workers, preload, renderer and package.json', () => {
    const { app } = packagedFiles(platform);
    for (const file of ['package.json', 'out/main/index.js', 'out/main/cli.js', ...WORKERS, 'out/preload/index.js', 'out/renderer/index.html']) {
      expect(app).toContain(file);
    }
    expect(app.some((file) => file.startsWith('out/renderer/assets/') && file.endsWith('.js'))).toBe(true);
    // package.json's "main" is in the package.
    expect(app).toContain(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).main);
  });

  it('hold nothing from tests, fixtures, sources, scripts, docs or dependencies', () => {
    const { app } = packagedFiles(platform);
    expect(app.filter((file) => SOURCE_OR_DEV.test(file) || TEST_OR_SOURCE_FILE.test(file))).toEqual([]);
    // Only the built app and the example data dir the app opens when it has nothing else.
    expect(app.filter((file) => !file.startsWith('out/') && !file.startsWith('examples/demo/') && file !== 'package.json')).toEqual([]);
  });

  it('ship no node_modules: every production and dev dependency file is excluded', () => {
    const { nodeModuleFilter } = packagedFiles(platform);
    // Each file as electron-builder's NodeModuleCopyHelper presents it: path inside the app.
    const file = (relative: string) => ({ isDirectory: () => false, moduleFullFilePath: relative });
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const installed = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/'));
    expect(installed.length).toBeGreaterThan(100);
    for (const dir of installed) expect(nodeModuleFilter(join(root, dir, 'package.json'), file(`${dir}/package.json`)), dir).toBe(false);
    const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(nodeModuleFilter(join(root, addon), file(addon))).toBe(false);
  });

  it('unpack from app.asar only what is opened by native code: the demo data and the worker scripts (and the warm-up log beside them)', () => {
    const { app, unpacked } = packagedFiles(platform);
    for (const worker of WORKER_FILES) expect(unpacked).toContain(worker);
    expect(unpacked.filter((file) => !file.startsWith('examples/demo/') && !WORKER_FILES.includes(file))).toEqual([]);
    expect(unpacked).toEqual(app.filter((file) => file.startsWith('examples/demo/') || WORKER_FILES.includes(file)));
    expect(unpacked.some((file) => file.endsWith('/events/events.db'))).toBe(true);
  });

  it('put the CLI wrappers in resources/bin', () => {
    expect(packagedFiles(platform).resources).toEqual(['bin/little-inspector', 'bin/little-inspector.cmd']);
  });
});

describe('electron-builder.config.cjs', () => {
  it("passes electron-builder's own schema validation (the check a real build starts with)", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(config: unknown, logger: unknown): Promise<void> };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = require('../../electron-builder.config.cjs') as Record<string, unknown>;
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The validation is real: a misspelt option fails it.
    await expect(validateConfiguration({ ...config, linux: { targets: ['deb'] } }, new DebugLogger(false))).rejects.toThrow(/configuration/);
  });
});

describe('the built bundles need no node_modules at run time', () => {
  const allowed = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'electron']);

  it('require only Node built-ins, electron and their own files', () => {
    const { app } = packagedFiles('linux');
    for (const file of app.filter((name) => name.startsWith('out/') && name.endsWith('.js') && !name.startsWith('out/renderer/'))) {
      const text = readFileSync(join(root, file), 'utf8');
      const required = [...text.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
      expect(required.filter((name) => !allowed.has(name) && !name.startsWith('./') && !name.startsWith('../')), file).toEqual([]);
    }
  });

  it.each(WORKERS)('the unpacked worker script %s loads nothing from app.asar (it runs from app.asar.unpacked)', (worker) => {
    const text = readFileSync(join(root, worker), 'utf8');
    const local = [...text.matchAll(/require\("(\.[^"]*)"\)/g)].map((match) => match[1]);
    expect(local).toEqual([]);
  });
});
