/**
 * Which root the app opens at start-up: CLI argument > last opened > bundled example.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathFromFileUrl } from '../../shared/open-target';

/** Where the start-up path came from (for logs and tests). */
export type StartupSource = 'argument' | 'last-opened' | 'example';

/**
 * The first non-flag argument after the app path, resolved against `cwd`, or null.
 *
 * `electron .` (process.defaultApp) puts the app path at argv[1]; a packaged app has only the
 * executable before user arguments. A `file://` URL (a Linux desktop's `%U`) becomes its path. Flags are skipped because Chromium adds its own
 * (`--allow-file-access-from-files`, …) to the argv a second instance forwards.
 */
export function pathArgument(argv: readonly string[], defaultApp: boolean, cwd: string): string | null {
  const userArgs = argv.slice(defaultApp ? 2 : 1);
  const first = userArgs.find((arg) => arg.length > 0 && !arg.startsWith('-'));
  return first === undefined ? null : resolve(cwd, pathFromFileUrl(first));
}

/** Inputs of {@link resolveStartupPath}. */
export type StartupInputs = {
  argv: readonly string[];
  defaultApp: boolean;
  cwd: string;
  lastOpened: string | null;
  examplePath: string;
  /** Injectable for tests. */
  exists?: (path: string) => boolean;
};

/** Pick the start-up root; a missing last-opened dir falls through, an explicit argument does not. */
export function resolveStartupPath(inputs: StartupInputs): { path: string; source: StartupSource } {
  const exists = inputs.exists ?? existsSync;
  const argument = pathArgument(inputs.argv, inputs.defaultApp, inputs.cwd);
  // An explicit argument is opened even if missing, so the user sees the diagnostic for it.
  if (argument !== null) return { path: argument, source: 'argument' };
  if (inputs.lastOpened !== null && exists(inputs.lastOpened)) return { path: inputs.lastOpened, source: 'last-opened' };
  return { path: inputs.examplePath, source: 'example' };
}
