// The installed `little-inspector` wrapper (build/cli/little-inspector) on the packaged layouts,
// with a stand-in app binary that prints the arguments it got: it must find the app beside its
// resources folder, through a symlink like /usr/bin/little-inspector, and pass --cli first.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const wrapper = join(__dirname, '..', '..', 'build', 'cli', 'little-inspector');
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-wrapper-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Lay out `app` (the binary) and resources/bin/little-inspector; returns the wrapper's path. */
function layout(appPath: string, resourcesDir: string): string {
  mkdirSync(dirname(join(dir, appPath)), { recursive: true });
  writeFileSync(join(dir, appPath), '#!/bin/sh\nprintf "%s\\n" "$@"\nexit 7\n');
  chmodSync(join(dir, appPath), 0o755);
  const installed = join(dir, resourcesDir, 'bin', 'little-inspector');
  mkdirSync(dirname(installed), { recursive: true });
  copyFileSync(wrapper, installed);
  chmodSync(installed, 0o755);
  return installed;
}

describe.runIf(process.platform !== 'win32')('little-inspector wrapper', () => {
  it('runs the Linux app binary with --cli and the arguments, through a /usr/bin-style symlink, keeping the exit code', () => {
    const installed = layout('opt/Little Inspector/little-inspector-app', 'opt/Little Inspector/resources');
    mkdirSync(join(dir, 'usr', 'bin'), { recursive: true });
    symlinkSync(installed, join(dir, 'usr', 'bin', 'little-inspector'));
    const run = spawnSync(join(dir, 'usr', 'bin', 'little-inspector'), ['runs', '--data-dir', '/my data'], { encoding: 'utf8', env: { ...env, DISPLAY: ':0' } });
    expect(run.stdout.split('\n').filter(Boolean)).toEqual(['--cli', 'runs', '--data-dir', '/my data']);
    expect(run.status).toBe(7);
  });

  it('asks Chromium for its headless platform on a Linux without a display', () => {
    const installed = layout('opt/Little Inspector/little-inspector-app', 'opt/Little Inspector/resources');
    const run = spawnSync(installed, ['--version'], { encoding: 'utf8', env });
    const expected = process.platform === 'linux' ? ['--ozone-platform=headless', '--cli', '--version'] : ['--cli', '--version'];
    expect(run.stdout.split('\n').filter(Boolean)).toEqual(expected);
  });

  it('finds the macOS app binary from Contents/Resources/bin', () => {
    const installed = layout('Little Inspector.app/Contents/MacOS/Little Inspector', 'Little Inspector.app/Contents/Resources');
    const run = spawnSync(installed, ['check'], { encoding: 'utf8', env: { ...env, DISPLAY: ':0' } });
    expect(run.stdout.split('\n').filter(Boolean)).toEqual(['--cli', 'check']);
  });

  it('exits 2 with a message when no app binary is beside it', () => {
    const installed = join(dir, 'resources', 'bin', 'little-inspector');
    mkdirSync(dirname(installed), { recursive: true });
    copyFileSync(wrapper, installed);
    chmodSync(installed, 0o755);
    const run = spawnSync(installed, ['runs'], { encoding: 'utf8', env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^little-inspector: the Little Inspector app binary is not next to this script/);
  });
});
