/** Where the app's own folders are: the OS default per platform, flag over environment, and never inside a data dir. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { CACHE_DIR_ENV, checkFolderOnDisk, chosenAppFolder, defaultAppFolder, folderInsideDataDirs, STATE_DIR_ENV, type AppFolderKind, type FolderHost } from './app-folders';

const host = (platform: NodeJS.Platform, env: FolderHost['env'] = {}, home = '/home/u'): FolderHost => ({ platform, env, home, cwd: '/work' });
const KINDS: { kind: AppFolderKind; env: string; code: string }[] = [
  { kind: 'state', env: STATE_DIR_ENV, code: 'state-dir-refused' },
  { kind: 'cache', env: CACHE_DIR_ENV, code: 'cache-dir-in-data-dir' },
];

describe('the OS folder of each kind', () => {
  it('state: the OS data folder of each platform', () => {
    expect(defaultAppFolder('state', host('linux'))).toBe('/home/u/.local/share/little-inspector');
    expect(defaultAppFolder('state', host('linux', { XDG_DATA_HOME: '/xdg' }))).toBe('/xdg/little-inspector');
    // A relative XDG_DATA_HOME is invalid by the XDG spec and ignored.
    expect(defaultAppFolder('state', host('linux', { XDG_DATA_HOME: 'rel' }))).toBe('/home/u/.local/share/little-inspector');
    expect(defaultAppFolder('state', host('darwin', {}, '/Users/u'))).toBe('/Users/u/Library/Application Support/little-inspector');
    expect(defaultAppFolder('state', host('win32', { APPDATA: '/appdata' }, '/h'))).toBe(join('/appdata', 'little-inspector'));
    expect(defaultAppFolder('state', host('win32', { APPDATA: ' ' }, '/h'))).toBe(join('/h', 'AppData', 'Roaming', 'little-inspector'));
  });

  it('cache: the OS cache folder of each platform', () => {
    expect(defaultAppFolder('cache', host('linux'))).toBe('/home/u/.cache/little-inspector');
    expect(defaultAppFolder('cache', host('linux', { XDG_CACHE_HOME: '/x/cache' }))).toBe('/x/cache/little-inspector');
    // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
    expect(defaultAppFolder('cache', host('linux', { XDG_CACHE_HOME: 'rel' }))).toBe('/home/u/.cache/little-inspector');
    expect(defaultAppFolder('cache', host('darwin'))).toBe('/home/u/Library/Caches/little-inspector');
    const windows = defaultAppFolder('cache', host('win32', { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }));
    expect(windows.replaceAll('\\', '/')).toMatch(/AppData\/Local\/little-inspector\/Cache$/);
    expect(defaultAppFolder('cache', host('win32', {}, '/h'))).toBe(join('/h', 'AppData', 'Local', 'little-inspector', 'Cache'));
  });
});

describe.each(KINDS)('the $kind folder', ({ kind, env, code }) => {
  it('takes the flag over the environment over the default, relative to the working folder', () => {
    const fallback = defaultAppFolder(kind, host('linux'));
    expect(chosenAppFolder(kind, undefined, host('linux'))).toBe(fallback);
    expect(chosenAppFolder(kind, undefined, host('linux', { [env]: 'env-dir' }))).toBe('/work/env-dir');
    expect(chosenAppFolder(kind, undefined, host('linux', { [env]: '/from/env' }))).toBe('/from/env');
    expect(chosenAppFolder(kind, '/flag', host('linux', { [env]: '/from/env' }))).toBe('/flag');
    expect(chosenAppFolder(kind, 'rel/dir', host('linux', { [env]: '/from/env' }))).toBe('/work/rel/dir');
    // A blank variable is unset; the other kind's variable is not this one's.
    expect(chosenAppFolder(kind, undefined, host('linux', { [env]: '' }))).toBe(fallback);
    expect(chosenAppFolder(kind, undefined, host('linux', { [env]: '  ' }))).toBe(fallback);
    expect(chosenAppFolder(kind, undefined, host('linux', { [env === STATE_DIR_ENV ? CACHE_DIR_ENV : STATE_DIR_ENV]: '/other' }))).toBe(fallback);
  });

  it('is refused inside a data dir of the opened library, whatever its shape, with a typed diagnostic', () => {
    const root = tempRoot('li-folder-inside-');
    const ledgers = join(root, 'ledgers');
    mkdirSync(ledgers);
    expect(folderInsideDataDirs(kind, join(ledgers, 'state'), [join(root, 'other'), ledgers])).toMatchObject({ code, path: join(ledgers, 'state') });
    expect(folderInsideDataDirs(kind, ledgers, [ledgers])?.message).toContain(`inside the data dir ${ledgers}`);
    // Beside it, or above it (a folder holding a data dir is written next to it, never into it), is fine.
    expect(folderInsideDataDirs(kind, join(root, 'ledgers-state'), [ledgers])).toBeNull();
    expect(folderInsideDataDirs(kind, root, [ledgers])).toBeNull();
    // A symlink into the data dir is seen through.
    symlinkSync(ledgers, join(root, 'innocent'));
    expect(folderInsideDataDirs(kind, join(root, 'innocent', 'x'), [ledgers])).toMatchObject({ code });
  });

  it('is refused inside a data dir recognised on disk: by its name, its events.db, or through a symlink', () => {
    const root = tempRoot('li-folder-disk-');
    expect(checkFolderOnDisk(kind, join(root, 'project', '.little-workflow', 'state'))).toMatchObject({ ok: false, error: { code } });
    expect(checkFolderOnDisk(kind, join(root, 'project', '.little-harness'))).toMatchObject({ ok: false, error: { code } });
    const dataDir = join(root, 'runs');
    mkdirSync(join(dataDir, 'events'), { recursive: true });
    writeFileSync(join(dataDir, 'events', 'events.db'), '');
    const refused = checkFolderOnDisk(kind, join(dataDir, 'notes', 'deeper'));
    expect(refused).toMatchObject({ ok: false, error: { code } });
    expect(!refused.ok && refused.error.message).toContain(dataDir);
    expect(checkFolderOnDisk(kind, dataDir)).toMatchObject({ ok: false, error: { code } });
    symlinkSync(dataDir, join(root, 'innocent'));
    expect(checkFolderOnDisk(kind, join(root, 'innocent', 'state'))).toMatchObject({ ok: false, error: { code } });
    // Beside a data dir (its parent's folder) is fine, and so is a home that merely has an events/ folder.
    expect(checkFolderOnDisk(kind, join(root, 'state'))).toEqual({ ok: true, value: join(root, 'state') });
    mkdirSync(join(root, 'home', 'events'), { recursive: true });
    expect(checkFolderOnDisk(kind, join(root, 'home', '.local', 'share', 'little-inspector'))).toMatchObject({ ok: true });
    expect(checkFolderOnDisk(kind, `${root}/a\u0000b`)).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });
});
