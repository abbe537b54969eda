#!/usr/bin/env node
// `npm run dist [-- electron-builder flags]`: build the app, then the desktop packages for this
// platform with electron-builder (electron-builder.config.cjs). Needs the Electron binary, which
// only a machine with internet access can download: without it this exits 2 with one line that
// says why, before building anything.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** The Electron binary's path, or the reason there is none (one line). */
export function probeElectron(cwd = root) {
  // Electron 42+ downloads its binary on the first require('electron'); it throws where it cannot.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd, encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() && existsSync(probe.stdout.trim())) return { ok: true, path: probe.stdout.trim() };
  const said = `${probe.stderr ?? ''}`.split('\n').map((line) => line.trim()).find((line) => /^(Error|Electron)\b/.test(line));
  return { ok: false, reason: said ? said.replace(/^Error:\s*/, '') : `require('electron') exited ${probe.status}` };
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const electron = probeElectron();
  if (!electron.ok) {
    process.stderr.write(`dist: the Electron binary is not available (${electron.reason}); run "npm run dist" on a machine with internet access\n`);
    return 2;
  }
  run(bin('electron-vite'), ['build']);
  run(bin('electron-builder'), ['--config', 'electron-builder.config.cjs', '--publish', 'never', ...process.argv.slice(2)]);
  return 0;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.exit(main());
