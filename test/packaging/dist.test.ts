// `npm run dist` where the Electron binary cannot be had: exit 2, one line, no stack trace,
// before anything is built. (On these machines require('electron') cannot download the binary.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const dist = join(root, 'scripts', 'dist.mjs');
type Probe = { ok: true; path: string } | { ok: false; reason: string };
// A plain-JS script with no declarations: imported through a variable and typed here.
const distModule = '../../scripts/dist.mjs';
const { probeElectron } = (await import(distModule)) as { probeElectron(cwd: string): Probe };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dist-probe-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A project folder whose `electron` package exports `body`. */
function fakeElectronPackage(body: string): string {
  mkdirSync(join(dir, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'electron', 'index.js'), body);
  return dir;
}

describe('npm run dist', () => {
  it.runIf(probeElectron(root).ok === false)('exits 2 with a one-line reason and no stack trace when the Electron binary is missing', () => {
    const run = spawnSync(process.execPath, [dist], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^dist: the Electron binary is not available \(.+\); run "npm run dist" on a machine with internet access$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('finds the binary the electron package points at', () => {
    const binary = join(dir, 'electron-binary');
    writeFileSync(binary, '');
    const cwd = fakeElectronPackage(`module.exports = ${JSON.stringify(binary)};`);
    expect(probeElectron(cwd)).toEqual({ ok: true, path: binary });
  });

  it('reports the electron package\'s own error as the reason', () => {
    const cwd = fakeElectronPackage("throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');");
    expect(probeElectron(cwd)).toEqual({ ok: false, reason: 'Electron failed to install correctly, please delete node_modules/electron and try installing again' });
  });

  it('treats a path to a missing binary as missing', () => {
    const cwd = fakeElectronPackage(`module.exports = ${JSON.stringify(join(dir, 'nowhere'))};`);
    expect(probeElectron(cwd).ok).toBe(false);
  });
});
