#!/usr/bin/env node
// `npm start [dataDir]`: build when needed, then open the desktop app on the data dir (default:
// the demo: examples/demo plus its long run, in the cache folder). Where no Electron runtime can
// be had, serve the same UI on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// A folder of the user's is opened as it is (nothing is written anywhere); without one, the demo.
const target = process.argv[2] !== undefined ? resolve(process.argv[2]) : demoRoot();
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

// The committed demo plus its long run, which is too big to commit: scripts/demo-root.ts writes
// both into the cache folder once (`<cache>/demo`) and prints where. Should that fail, the
// committed demo alone still opens.
function demoRoot() {
  const demo = join(root, 'examples', 'demo');
  if (!existsSync(demo)) {
    console.log('Generating the example data…');
    run(bin('tsx'), ['scripts/generate-fixtures.ts']);
  }
  const made = spawnSync(bin('tsx'), ['scripts/demo-root.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const path = made.status === 0 ? made.stdout.trim() : '';
  if (path !== '' && existsSync(path)) return path;
  console.log(`Opening ${demo} without the demo's long run.`);
  return demo;
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
