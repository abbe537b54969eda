/** Where the state folder is: the OS default per platform, flag over environment, and never inside a data dir. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { checkStateDir, defaultStateDir, resolveStateDir, STATE_DIR_ENV, stateDirInside } from './state-dir';

describe('state folder location', () => {
  it('is the OS data folder of each platform', () => {
    expect(defaultStateDir({ platform: 'linux', home: '/home/u', env: {} })).toBe('/home/u/.local/share/little-inspector');
    expect(defaultStateDir({ platform: 'linux', home: '/home/u', env: { XDG_DATA_HOME: '/xdg' } })).toBe('/xdg/little-inspector');
    // A relative XDG_DATA_HOME is invalid by the XDG spec and ignored.
    expect(defaultStateDir({ platform: 'linux', home: '/home/u', env: { XDG_DATA_HOME: 'rel' } })).toBe('/home/u/.local/share/little-inspector');
    expect(defaultStateDir({ platform: 'darwin', home: '/Users/u', env: {} })).toBe('/Users/u/Library/Application Support/little-inspector');
    expect(defaultStateDir({ platform: 'win32', home: '/h', env: { APPDATA: '/appdata' } })).toBe(join('/appdata', 'little-inspector'));
  });

  it('takes --state-dir over the environment over the default, relative to the working folder', () => {
    const base = { platform: 'linux' as const, home: '/home/u', cwd: '/work' };
    expect(resolveStateDir({ ...base, env: {} })).toEqual({ ok: true, value: '/home/u/.local/share/little-inspector' });
    expect(resolveStateDir({ ...base, env: { [STATE_DIR_ENV]: 'env-state' } })).toEqual({ ok: true, value: '/work/env-state' });
    expect(resolveStateDir({ ...base, env: { [STATE_DIR_ENV]: '/env' }, flag: '/flag' })).toEqual({ ok: true, value: '/flag' });
    expect(resolveStateDir({ ...base, env: { [STATE_DIR_ENV]: '  ' } })).toEqual({ ok: true, value: '/home/u/.local/share/little-inspector' });
  });

  it('refuses a folder inside a data dir: by its name, recognised on disk, or reached through a symlink', () => {
    const root = tempRoot('li-state-dir-');
    expect(checkStateDir(join(root, 'project', '.little-workflow', 'state'))).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
    const dataDir = join(root, 'runs');
    mkdirSync(join(dataDir, 'events'), { recursive: true });
    writeFileSync(join(dataDir, 'events', 'events.db'), '');
    const refused = checkStateDir(join(dataDir, 'notes', 'deeper'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
    expect(!refused.ok && refused.error.message).toContain(dataDir);
    expect(checkStateDir(dataDir)).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
    symlinkSync(dataDir, join(root, 'innocent'));
    expect(checkStateDir(join(root, 'innocent', 'state'))).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
    // Beside a data dir (its parent's folder) is fine, and so is a home that merely has an events/ folder.
    expect(checkStateDir(join(root, 'state'))).toEqual({ ok: true, value: join(root, 'state') });
    mkdirSync(join(root, 'home', 'events'), { recursive: true });
    expect(checkStateDir(join(root, 'home', '.local', 'share', 'little-inspector'))).toMatchObject({ ok: true });
  });

  it('refuses a folder inside a data dir of the opened library, whatever its shape', () => {
    const root = tempRoot('li-state-inside-');
    const ledgers = join(root, 'ledgers');
    mkdirSync(ledgers);
    expect(stateDirInside(join(ledgers, 'state'), [join(root, 'other'), ledgers])).toMatchObject({ code: 'state-dir-refused' });
    expect(stateDirInside(ledgers, [ledgers])).toMatchObject({ code: 'state-dir-refused' });
    expect(stateDirInside(join(root, 'ledgers-state'), [ledgers])).toBeNull();
  });
});
