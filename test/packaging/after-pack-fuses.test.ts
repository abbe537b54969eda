// The afterPack hook flips the fuses on a stand-in for the Electron binary: random bytes around
// Electron's fuse sentinel and a V1 fuse wire (layout read from @electron/fuses: sentinel, one
// version byte, one length byte, then one byte per fuse, '0' off / '1' on), read back with
// @electron/fuses' own getter.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const fuses = require('@electron/fuses') as typeof import('@electron/fuses');
const { SENTINEL, FuseState } = require('@electron/fuses/dist/constants') as { SENTINEL: string; FuseState: Record<string, number> };
type Context = { appOutDir: string; electronPlatformName: string; arch: number; packager: { executableName: string; appInfo: { productFilename: string } } };
const hook = require('../../scripts/packaging/after-pack.cjs') as ((context: Context) => Promise<void>) & { FUSES: Record<number, boolean> };
const { FuseV1Options } = fuses;

const ON = FuseState.ENABLE;
const OFF = FuseState.DISABLE;
// Electron's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on,
// asar integrity off, only-asar off, browser V8 snapshot off, file:// privileges on, then a
// ninth fuse newer than @electron/fuses 1.8 (it must be left alone).
const DEFAULT_WIRE = [ON, OFF, ON, ON, OFF, OFF, OFF, ON, ON];

/** A fake binary: noise, the sentinel, version 1, the wire length, the wire, more noise. */
function standIn(wire: number[], copies = 1): Buffer {
  const parts: Buffer[] = [randomBytes(4096)];
  for (let i = 0; i < copies; i++) parts.push(Buffer.from(SENTINEL, 'ascii'), Buffer.from([1, wire.length, ...wire]), randomBytes(2048));
  return Buffer.concat(parts);
}

const context = (appOutDir: string, electronPlatformName: string): Context => ({
  appOutDir,
  electronPlatformName,
  arch: 1,
  packager: { executableName: 'little-inspector-app', appInfo: { productFilename: 'Little Inspector' } },
});

const expected = {
  [FuseV1Options.RunAsNode]: OFF,
  [FuseV1Options.EnableCookieEncryption]: ON,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: OFF,
  [FuseV1Options.EnableNodeCliInspectArguments]: OFF,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: ON,
  [FuseV1Options.OnlyLoadAppFromAsar]: ON,
  // Not ours to set: left as Electron ships it.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: OFF,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: OFF,
  8: ON,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'after-pack-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('afterPack fuse step', () => {
  it.each([
    ['linux', 'little-inspector-app', 'little-inspector-app'],
    ['win32', 'Little Inspector.exe', 'Little Inspector.exe'],
    ['darwin', 'Little Inspector.app/Contents/Frameworks/Electron Framework.framework/Electron Framework', 'Little Inspector.app'],
  ])('flips the fuses of the %s binary and nothing else', async (platform, file, readPath) => {
    const binary = join(dir, file);
    mkdirSync(dirname(binary), { recursive: true });
    const before = standIn(DEFAULT_WIRE);
    writeFileSync(binary, before);

    await hook(context(dir, platform));

    const wire = await fuses.getCurrentFuseWire(join(dir, readPath));
    expect(wire).toEqual({ version: '1', ...expected });
    // Only the wire's bytes changed; the file kept its size and every other byte.
    const after = readFileSync(binary);
    expect(after.length).toBe(before.length);
    const start = before.indexOf(SENTINEL) + SENTINEL.length + 2;
    const changed = [...after.keys()].filter((i) => after[i] !== before[i]);
    expect(changed.every((i) => i >= start && i < start + DEFAULT_WIRE.length)).toBe(true);
    expect(changed.length).toBe(7);
  });

  it('makes the POSIX CLI wrapper in resources/bin executable', async () => {
    writeFileSync(join(dir, 'little-inspector-app'), standIn(DEFAULT_WIRE));
    const wrapper = join(dir, 'resources', 'bin', 'little-inspector');
    mkdirSync(dirname(wrapper), { recursive: true });
    writeFileSync(wrapper, '#!/bin/sh\n', { mode: 0o644 });
    await hook(context(dir, 'linux'));
    expect(statSync(wrapper).mode & 0o777).toBe(0o755);
  });

  it('flips both slices of a universal macOS binary', async () => {
    const binary = join(dir, 'Little Inspector.app/Contents/Frameworks/Electron Framework.framework/Electron Framework');
    mkdirSync(dirname(binary), { recursive: true });
    writeFileSync(binary, standIn(DEFAULT_WIRE, 2));
    await hook(context(dir, 'darwin'));
    const after = readFileSync(binary);
    const second = after.lastIndexOf(SENTINEL) + SENTINEL.length + 2;
    expect([...after.subarray(second, second + DEFAULT_WIRE.length)]).toEqual(Object.values(expected));
  });

  it('fails the build when the binary carries no fuse wire', async () => {
    writeFileSync(join(dir, 'little-inspector-app'), randomBytes(8192));
    await expect(hook(context(dir, 'linux'))).rejects.toThrow(/sentinel/);
  });

  it('is the afterPack hook electron-builder resolves from the config', async () => {
    const config = require('../../electron-builder.config.cjs') as { afterPack: string };
    const { resolveFunction } = require('app-builder-lib/out/util/resolve') as { resolveFunction(type: undefined, executor: string, name: string, root: string): Promise<unknown> };
    const root = join(__dirname, '..', '..');
    const previous = process.cwd();
    process.chdir(root);
    try {
      expect(await resolveFunction(undefined, config.afterPack, 'afterPack', root)).toBe(hook);
    } finally {
      process.chdir(previous);
    }
  });

  it('sets the fuses docs/SECURITY.md lists', () => {
    const security = readFileSync(join(__dirname, '..', '..', 'docs', 'SECURITY.md'), 'utf8');
    for (const [index, on] of Object.entries(hook.FUSES)) {
      const name = FuseV1Options[Number(index)];
      expect(security).toContain(`${name} ${on ? 'on' : 'off'}`);
    }
  });
});
