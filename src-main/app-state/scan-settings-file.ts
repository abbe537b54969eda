/**
 * The scan's settings file (docs/SCAN.md "Settings"): `--settings FILE`, else `scan.json` in
 * the app's state folder when it is there (read only; nothing is ever created), else none.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { parseScanSettings, SCAN_SETTINGS_FILE } from '../../shared/scan/scan-settings';
import { DEFAULT_SCAN_SETTINGS, type ScanSettings } from '../../shared/scan/scan-types';

/** A settings file is a few names: anything bigger is not one. */
const MAX_BYTES = 1024 * 1024;

/** Read and check the settings file at `path`. */
export function readScanSettingsFile(path: string): Result<ScanSettings> {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return fail(diagnostic('invalid-scan-settings', `${path} is not a file`, { path }));
    if (stat.size > MAX_BYTES) return fail(diagnostic('invalid-scan-settings', `${path} is larger than ${MAX_BYTES} bytes`, { path }));
    return parseScanSettings(readFileSync(path, 'utf8'), path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(diagnostic(code === 'ENOENT' ? 'path-not-found' : code === 'EACCES' ? 'permission-denied' : 'invalid-scan-settings', `Cannot read the scan settings ${path}: ${(error as Error).message}`, { path }));
  }
}

/** The state folder's `scan.json`, or the defaults when there is no state folder or no such file. */
export function scanSettingsInState(stateDir: string | null): Result<ScanSettings> {
  if (stateDir === null) return ok(DEFAULT_SCAN_SETTINGS);
  const path = join(stateDir, SCAN_SETTINGS_FILE);
  try {
    statSync(path);
  } catch {
    return ok(DEFAULT_SCAN_SETTINGS);
  }
  return readScanSettingsFile(path);
}
