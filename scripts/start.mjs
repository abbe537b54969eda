#!/usr/bin/env node
// `npm start [dataDir]`: build when needed, then open the desktop app on the data dir (default:
// the bundled example). Where no Electron runtime can be had, serve the same UI on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
const target = resolve(process.argv[2] ?? join(root, 'examples', 'demo'));
const bin = (name) => join(root, 'node_modules', '.bin', name);

if (!existsSync(join(root, 'examples', 'demo'))) {
  console.log('Generating the example data…');
  run(bin('tsx'), ['scripts/generate-fixtures.ts']);
}
if (needsBuild()) {
  console.log('Building…');
  run(bin('electron-vite'), ['build']);
}

const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, encoding: 'utf8' });
const electronPath = probe.status === 0 ? probe.stdout.trim() : '';
if (electronPath && existsSync(electronPath)) {
  const child = spawn(electronPath, [root, target], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('The Electron runtime is not available on this machine, so Little Inspector starts in browser mode instead.');
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'cli.js'), 'serve', target], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Rebuild when any source is newer than the oldest bundle.
function needsBuild() {
  const outputs = ['out/main/index.js', 'out/main/cli.js', 'out/preload/index.js', 'out/renderer/index.html'].map((p) => join(root, p));
  if (!outputs.every(existsSync)) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return ['shared', 'src-main', 'src-renderer'].some((dir) => newerThan(join(root, dir), built));
}

function newerThan(dir, time) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? newerThan(path, time) : statSync(path).mtimeMs > time) return true;
  }
  return false;
}
