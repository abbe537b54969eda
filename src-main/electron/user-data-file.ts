/**
 * Small JSON files of the desktop app in its user-data folder (recent folders, window state).
 *
 * They are user-editable, so readers validate and treat anything malformed as absent; they are
 * rewritten whole (temp file + rename) so a crash mid-write never leaves half a file; and no
 * such file is ever written inside a little-workflow data dir: the inspector never writes there.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Folder names that mark a data dir; nothing is written beneath one. */
const DATA_DIR_MARKERS = ['.little-workflow', '.little-harness'];

/** True when `path` lies inside a little-workflow / little-harness data dir. */
export function isInsideDataDir(path: string): boolean {
  return path.split(/[\\/]+/).some((segment) => DATA_DIR_MARKERS.includes(segment));
}

/** The parsed JSON at `filePath`, or undefined when it is missing or not JSON. */
export function readJsonFile(filePath: string): unknown {
  try {
    return JSON.parse(readFileSync(filePath, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Replace `filePath` with `value` as JSON; failures are logged, never thrown (losing it is an inconvenience). */
export function writeJsonFile(filePath: string, value: unknown): boolean {
  if (isInsideDataDir(filePath)) {
    console.error(`little-inspector: not writing ${filePath}: it is inside a data dir`);
    return false;
  }
  try {
    mkdirSync(dirname(filePath), { recursive: true });
    const temp = `${filePath}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(value, null, 2) + '\n', 'utf8');
    renameSync(temp, filePath);
    return true;
  } catch (error) {
    console.error(`little-inspector: cannot save ${filePath}:`, error);
    return false;
  }
}
