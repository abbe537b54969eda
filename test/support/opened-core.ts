/**
 * The inspector core the channel tests drive: browser mode, no startup folder, `root` opened
 * (default the generated examples). A folder that does not open fails the test at once.
 */
import { openAppState, type AppState } from '../../src-main/app-state/app-state';
import { createInspectorCore, type CoreOptions, type InspectorCore } from '../../src-main/core/inspector-core';
import { EXAMPLES } from './fixture-manifest';

/** A core with `options` (beyond mode and startup folder) that has opened `root`. */
export async function openedCore(root: string = EXAMPLES, options: Partial<Omit<CoreOptions, 'mode' | 'initialPath'>> = {}): Promise<InspectorCore> {
  const core = createInspectorCore({ mode: 'browser', initialPath: null, ...options });
  const opened = await core.openPath(root);
  if (!opened.ok) throw new Error(opened.error.message);
  return core;
}

/** App state (notes, settings) kept in `dir`, which the test owns; a refused folder fails the test. */
export function appStateIn(dir: string): AppState {
  const state = openAppState(dir);
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

/** The value of a channel's answer; a failure fails the test with its message. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
