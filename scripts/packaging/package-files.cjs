// The files electron-builder would put into the app (app.asar plus asarUnpack) and the
// resources folder, computed from electron-builder.config.cjs WITHOUT the Electron binary,
// with electron-builder's own matchers (app-builder-lib's fileMatcher: the same default
// exclusions, minimatch options and node_modules rule a real build applies).
// `node scripts/packaging/package-files.cjs [linux|mac|win]` prints the list.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { getMainFileMatchers, getNodeModuleFileMatcher, getFileMatchers } = require('app-builder-lib/out/fileMatcher');

const root = path.join(__dirname, '..', '..');
const PLATFORM_KEYS = { linux: 'linux', mac: 'mac', win: 'win' };

function loadConfig() {
  return require(path.join(root, 'electron-builder.config.cjs'));
}

/** What the matchers read of electron-builder's PlatformPackager (no binary, no download). */
function packagerStub(config) {
  return {
    info: {
      projectDir: root,
      buildResourcesDir: config.directories?.buildResources ?? 'build',
      config,
      isPrepackedAppAsar: false,
      debugLogger: { isEnabled: false },
    },
  };
}

/** Every file under `dir` (relative, '/'-separated), skipping .git and node_modules. */
function walk(dir, skip = new Set(['.git', 'node_modules'])) {
  const out = [];
  const visit = (abs) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const child = path.join(abs, entry.name);
      if (entry.isDirectory()) visit(child);
      else out.push(child);
    }
  };
  visit(dir);
  return out;
}

/** Whether electron-builder's filter keeps `file`, and every folder above it, below `from`. */
function keeps(filter, from, file) {
  const parts = path.relative(from, file).split(path.sep);
  for (let i = 1; i < parts.length; i++) {
    const folder = path.join(from, ...parts.slice(0, i));
    if (!filter(folder, fs.statSync(folder))) return false;
  }
  return filter(file, fs.statSync(file));
}

/**
 * The packaged files for `platform`: `app` (app.asar and app.asar.unpacked, relative to the app
 * root), `unpacked` (the asarUnpack subset), `resources` (extraResources, relative to resources/),
 * and `nodeModuleFilter` (electron-builder's filter for files of production dependencies; it
 * reads `stat.moduleFullFilePath`, e.g. node_modules/zod/index.js, as NodeModuleCopyHelper sets it).
 */
function packagedFiles(platform = 'linux') {
  const config = loadConfig();
  const platformOptions = config[PLATFORM_KEYS[platform]] ?? {};
  const identity = (pattern) => pattern;
  const outDir = path.join(root, config.directories?.output ?? 'dist');
  const [main] = getMainFileMatchers(root, '/app', identity, platformOptions, packagerStub(config), outDir, false);
  const mainFilter = main.createFilter();
  const app = walk(root).filter((file) => keeps(mainFilter, root, file)).map((file) => path.relative(root, file).split(path.sep).join('/'));

  const unpackMatchers = getFileMatchers(config, 'asarUnpack', '/app', { macroExpander: identity, customBuildOptions: platformOptions, globalOutDir: outDir, defaultSrc: root }) ?? [];
  const unpackFilters = unpackMatchers.map((matcher) => matcher.createFilter());
  const unpacked = app.filter((file) => unpackFilters.some((filter) => filter(path.join(root, file), fs.statSync(path.join(root, file)))));

  const resourceMatchers = getFileMatchers(config, 'extraResources', '/resources', { macroExpander: identity, customBuildOptions: platformOptions, globalOutDir: outDir, defaultSrc: root }) ?? [];
  const resources = [];
  for (const matcher of resourceMatchers) {
    const filter = matcher.createFilter();
    for (const file of walk(matcher.from)) {
      if (keeps(filter, matcher.from, file)) resources.push(path.join(path.relative('/resources', matcher.to), path.relative(matcher.from, file)).split(path.sep).join('/'));
    }
  }

  const nodeModuleMatcher = getNodeModuleFileMatcher(root, '/app', identity, platformOptions, packagerStub(config).info);
  // As NodeModuleCopyHelper does: an empty matcher means no filter, i.e. every dependency file ships.
  const nodeModuleFilter = nodeModuleMatcher.isEmpty() ? () => true : nodeModuleMatcher.createFilter();
  return { app: app.sort(), unpacked: unpacked.sort(), resources: resources.sort(), nodeModuleFilter, config };
}

module.exports = { packagedFiles, root };

if (require.main === module) {
  const { app, unpacked, resources } = packagedFiles(process.argv[2] ?? 'linux');
  for (const file of app) console.log(`${unpacked.includes(file) ? 'app.asar.unpacked' : 'app.asar'}  ${file}`);
  for (const file of resources) console.log(`resources  ${file}`);
}
