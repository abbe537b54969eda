/**
 * The scan's settings file (docs/SCAN.md "Settings"): `{ "pollingTools": ["status_check", "wait_*"] }`.
 * Read from `--settings FILE`, else `scan.json` in the app's state folder when it exists. Every
 * problem is a typed diagnostic naming the field; unknown keys are refused so a typo never
 * silently turns a rule off.
 */
import { diagnostic, fail, ok, type Result } from '../diagnostics';
import type { ScanSettings } from './scan-types';

/** The settings file's name in the app's state folder. */
export const SCAN_SETTINGS_FILE = 'scan.json';

const MAX_TOOLS = 1000;

export function parseScanSettings(text: string, path: string): Result<ScanSettings> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(diagnostic('invalid-scan-settings', `${path} is not JSON: ${(error as Error).message}`, { path }));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(diagnostic('invalid-scan-settings', `${path} must hold a JSON object`, { path }));
  const unknown = Object.keys(value).filter((key) => key !== 'pollingTools');
  if (unknown.length > 0) return fail(diagnostic('invalid-scan-settings', `${path}: unknown setting ${JSON.stringify(unknown[0])} (known: pollingTools)`, { path }));
  const tools = (value as { pollingTools?: unknown }).pollingTools ?? [];
  if (!Array.isArray(tools) || tools.length > MAX_TOOLS || !tools.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 200)) {
    return fail(diagnostic('invalid-scan-settings', `${path}: pollingTools must be a list of at most ${MAX_TOOLS} tool names (non-empty strings, a trailing * matches a prefix)`, { path }));
  }
  return ok(Object.freeze({ pollingTools: Object.freeze([...(tools as string[])]) }));
}
