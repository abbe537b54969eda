/**
 * The one shape of an async load in the renderer: nothing asked yet, on the way, arrived, or
 * failed with its diagnostic. Stores, hooks and panes all hold their fetches as `Load<T>`, so
 * every view tells the four apart the same way.
 */
import type { Diagnostic, Result } from '../../shared/diagnostics';

/** A load: `idle` (nothing asked), `loading`, `ready` with its value, or `error` with its diagnostic. */
export type Load<T> = { phase: 'idle' } | { phase: 'loading' } | { phase: 'ready'; value: T } | { phase: 'error'; error: Diagnostic };

/** Nothing asked yet. */
export const IDLE: Load<never> = Object.freeze({ phase: 'idle' });
/** On the way. */
export const LOADING: Load<never> = Object.freeze({ phase: 'loading' });

/** The load a main-process answer ends in. */
export function loaded<T>(result: Result<T>): Load<T> {
  return result.ok ? { phase: 'ready', value: result.value } : { phase: 'error', error: result.error };
}

/** The value of a ready load, else null. */
export function valueOf<T>(load: Load<T> | undefined): T | null {
  return load?.phase === 'ready' ? load.value : null;
}
