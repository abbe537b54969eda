/**
 * The one key of a run inside maps and caches: its data dir and run id joined by U+0000, a
 * character no path and no little-workflow id can hold, so two different runs never share a key.
 * Keys of items inside a run (a step, an event) extend it with the same separator.
 */

/** Separator of the parts of a run key. */
export const RUN_KEY_SEPARATOR = '\u0000';

/** The key of run `runId` in `dataDir`. */
export function runKey(dataDir: string, runId: string): string {
  return `${dataDir}${RUN_KEY_SEPARATOR}${runId}`;
}

/** The key of a run address (`{ dataDir, runId }`). */
export function runKeyOf(ref: { dataDir: string; runId: string }): string {
  return runKey(ref.dataDir, ref.runId);
}

/** The key of something inside run `ref` (a step path, a sequence, a harness item). */
export function runItemKey(ref: { dataDir: string; runId: string }, ...parts: Array<string | number>): string {
  return [runKeyOf(ref), ...parts].join(RUN_KEY_SEPARATOR);
}
