/**
 * `--state-dir DIR`: the app's state folder (notes, remembered settings) for `serve` and
 * `export`; else LITTLE_INSPECTOR_STATE_DIR, else the OS data folder (src-main/app-folders).
 * A folder inside a data dir is a usage error: the inspector never writes there.
 */
import { openAppState, type AppState } from '../app-state/app-state';
import { checkFolderOnDisk, chosenAppFolder, currentHost } from '../app-folders/app-folders';
import { UsageError } from './args';

/** The state of this command. */
export function stateDirArg(flag: string | true | undefined, env: Readonly<Record<string, string | undefined>> = process.env): AppState {
  if (flag === true) throw new UsageError('--state-dir needs a folder');
  const dir = checkFolderOnDisk('state', chosenAppFolder('state', flag, { ...currentHost(), env }));
  const state = dir.ok ? openAppState(dir.value) : dir;
  if (!state.ok) throw new UsageError(state.error.message);
  return state.value;
}
