/**
 * Where the app keeps its own state (settings, notes): never a data dir.
 *
 * The desktop app uses Electron's `userData`; browser mode and the CLI use the OS data folder
 * (`$XDG_DATA_HOME/little-inspector`, else `~/.local/share/little-inspector`; macOS
 * `~/Library/Application Support/little-inspector`; Windows `%APPDATA%\little-inspector`).
 * `--state-dir DIR` beats `LITTLE_INSPECTOR_STATE_DIR`, which beats the default. A folder at or
 * inside a data dir is refused with a typed diagnostic: the inspector never writes there.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';

/** The folder name under the OS data folder. */
export const STATE_FOLDER_NAME = 'little-inspector';

/** The environment variable that names the state folder. */
export const STATE_DIR_ENV = 'LITTLE_INSPECTOR_STATE_DIR';

/** What the resolution reads (process values, or a test's). */
export type StateDirInputs = {
  /** `--state-dir`, when given. */
  flag?: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  home: string;
  cwd: string;
};

/** The OS data folder's `little-inspector` for `platform`. */
export function defaultStateDir(inputs: Pick<StateDirInputs, 'env' | 'platform' | 'home'>): string {
  const { env, platform, home } = inputs;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', STATE_FOLDER_NAME);
  if (platform === 'win32') return join(env.APPDATA && env.APPDATA.trim() !== '' ? env.APPDATA : join(home, 'AppData', 'Roaming'), STATE_FOLDER_NAME);
  // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), STATE_FOLDER_NAME);
}

/** The state folder for browser mode and the CLI: flag, then environment, then the OS default; refused inside a data dir. */
export function resolveStateDir(inputs: StateDirInputs): Result<string> {
  const named = inputs.flag ?? nonEmpty(inputs.env[STATE_DIR_ENV]);
  const dir = named === undefined ? defaultStateDir(inputs) : resolve(inputs.cwd, named);
  return checkStateDir(dir);
}

/** `dir` itself when it lies outside every data dir, else a `state-dir-refused` diagnostic. */
export function checkStateDir(dir: string): Result<string> {
  if (dir.includes('\u0000')) return fail(diagnostic('invalid-argument', 'The state folder path contains a NUL byte'));
  const inside = dataDirAbove(dir);
  if (inside !== null) {
    return fail(
      diagnostic('state-dir-refused', `The state folder ${dir} is inside the data dir ${inside}; the inspector never writes to a data dir. Choose another folder (--state-dir or ${STATE_DIR_ENV}).`, {
        path: dir,
      }),
    );
  }
  return ok(dir);
}

/**
 * The data dir at or above `dir`, through real paths, or null: a folder named `.little-workflow`
 * or `.little-harness`, or one holding `events/events.db` (a little-workflow data dir under any
 * name). A bare `events/` folder is not enough: plenty of homes have one. Data dirs of other
 * shapes are caught against the opened library by {@link stateDirInside}.
 */
export function dataDirAbove(dir: string): string | null {
  for (let current = realish(resolve(dir)); ; current = dirname(current)) {
    const name = current.split(/[\\/]/).pop() ?? '';
    if (name === '.little-workflow' || name === '.little-harness') return current;
    if (existsSync(join(current, 'events', 'events.db'))) return current;
    if (dirname(current) === current) return null;
  }
}

/** A `state-dir-refused` diagnostic when the state folder lies in one of `dataDirs` (the opened library's), else null. */
export function stateDirInside(stateDir: string, dataDirs: readonly string[]) {
  const state = realish(resolve(stateDir));
  for (const dataDir of dataDirs) {
    const data = realish(resolve(dataDir));
    if (state === data || state.startsWith(data.endsWith(sep) ? data : data + sep)) {
      return diagnostic('state-dir-refused', `The state folder ${stateDir} is inside the opened data dir ${dataDir}; nothing is saved there. Choose another folder (--state-dir or ${STATE_DIR_ENV}).`, { path: stateDir });
    }
  }
  return null;
}

/** The real path of the deepest existing ancestor, with the rest appended (symlinks into a data dir are seen through). */
function realish(path: string): string {
  const missing: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      return join(realpathSync(current), ...missing.reverse());
    } catch {
      if (dirname(current) === current) return path;
      missing.push(current.slice(dirname(current).length).replace(/^[\\/]/, ''));
    }
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
