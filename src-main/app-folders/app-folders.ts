/**
 * The app's own folders, never a data dir: the state folder (settings, notes) and the cache
 * folder (fold checkpoints). Both are found the same way: a flag (`--state-dir`, `--cache-dir`)
 * beats an environment variable (`LITTLE_INSPECTOR_STATE_DIR`, `LITTLE_INSPECTOR_CACHE_DIR`),
 * which beats the OS folder of its kind; a relative choice is taken from the working folder; a
 * blank variable counts as unset. The cache can also be turned off (`--no-cache`). Either is
 * refused, with a typed diagnostic, when it lies at or inside a data dir. The desktop app's
 * state folder is Electron's `userData` (the glue passes it in).
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { dataDirAbove, dataDirContaining } from './inside-data-dir';

/** The folder name under the OS folders. */
export const APP_FOLDER_NAME = 'little-inspector';

/** The environment variable that names the state folder. */
export const STATE_DIR_ENV = 'LITTLE_INSPECTOR_STATE_DIR';

/** The environment variable that moves the cache. */
export const CACHE_DIR_ENV = 'LITTLE_INSPECTOR_CACHE_DIR';

/** Which of the app's folders. */
export type AppFolderKind = 'state' | 'cache';

/** The platform facts a folder's location depends on (the process's, or a test's). */
export type FolderHost = { platform: NodeJS.Platform; env: Readonly<Record<string, string | undefined>>; home: string; cwd: string };

/** The running process's host facts. */
export function currentHost(): FolderHost {
  return { platform: process.platform, env: process.env, home: homedir(), cwd: process.cwd() };
}

type KindFacts = { env: string; label: string; code: Diagnostic['code']; remedy: string };

const KINDS: Record<AppFolderKind, KindFacts> = {
  state: { env: STATE_DIR_ENV, label: 'state folder', code: 'state-dir-refused', remedy: `Choose another folder (--state-dir or ${STATE_DIR_ENV}).` },
  cache: { env: CACHE_DIR_ENV, label: 'cache folder', code: 'cache-dir-in-data-dir', remedy: `Choose another --cache-dir (or ${CACHE_DIR_ENV}) or use --no-cache.` },
};

/**
 * The OS folder of `kind`. State: `$XDG_DATA_HOME/little-inspector` (else
 * `~/.local/share/little-inspector`), macOS `~/Library/Application Support/little-inspector`,
 * Windows `%APPDATA%\little-inspector`. Cache: `$XDG_CACHE_HOME/little-inspector` (else
 * `~/.cache/little-inspector`), macOS `~/Library/Caches/little-inspector`, Windows
 * `%LOCALAPPDATA%\little-inspector\Cache`. A relative XDG variable is invalid by the spec: ignored.
 */
export function defaultAppFolder(kind: AppFolderKind, host: Pick<FolderHost, 'platform' | 'env' | 'home'>): string {
  const { platform, env, home } = host;
  if (platform === 'darwin') return join(home, 'Library', kind === 'state' ? 'Application Support' : 'Caches', APP_FOLDER_NAME);
  if (platform === 'win32') {
    if (kind === 'state') return join(nonBlank(env.APPDATA) ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
    return join(nonBlank(env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local'), APP_FOLDER_NAME, 'Cache');
  }
  const xdg = nonBlank(kind === 'state' ? env.XDG_DATA_HOME : env.XDG_CACHE_HOME);
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, ...(kind === 'state' ? ['.local', 'share'] : ['.cache']));
  return join(base, APP_FOLDER_NAME);
}

/** The folder of `kind` (absolute): `flag`, else its environment variable, else the OS folder. */
export function chosenAppFolder(kind: AppFolderKind, flag: string | undefined, host: FolderHost): string {
  const named = flag ?? nonBlank(host.env[KINDS[kind].env]);
  return named === undefined ? defaultAppFolder(kind, host) : resolve(host.cwd, named);
}

/** The refusal of `dir` as the folder of `kind`, because it lies at or inside `dataDir`. */
function refusal(kind: AppFolderKind, dir: string, dataDir: string): Diagnostic {
  const { label, code, remedy } = KINDS[kind];
  return diagnostic(code, `The ${label} ${dir} is inside the data dir ${dataDir}; the inspector never writes to a data dir. ${remedy}`, {
    path: dir,
    detail: { [kind === 'state' ? 'stateDir' : 'cacheDir']: dir, dataDir },
  });
}

/** A diagnostic when `dir`, as the folder of `kind`, lies at or inside one of `dataDirs` (the opened library's), else null. */
export function folderInsideDataDirs(kind: AppFolderKind, dir: string, dataDirs: readonly string[]): Diagnostic | null {
  const inside = dataDirContaining(dir, dataDirs);
  return inside === null ? null : refusal(kind, dir, inside);
}

/** `dir` itself when, as the folder of `kind`, it lies outside every data dir recognised on disk, else the refusal. */
export function checkFolderOnDisk(kind: AppFolderKind, dir: string): Result<string> {
  if (dir.includes('\u0000')) return fail(diagnostic('invalid-argument', `The ${KINDS[kind].label} path contains a NUL byte`));
  const inside = dataDirAbove(dir);
  return inside === null ? ok(dir) : fail(refusal(kind, dir, inside));
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
