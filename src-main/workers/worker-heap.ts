/**
 * The young generation the app's worker threads start with. A worker's heap starts with 1 MB
 * semi-spaces and grows them as objects survive; a run's fold keeps a large share of what it
 * allocates (its steps, sessions and turns), so a fresh worker's first fold ran most of its
 * young-generation collections while the spaces were still small: 45 against 32-33 for a later
 * fold of the same 200,000-event run. Starting at 8 MB made that first fold (a cold open's,
 * from a just-started server) ~0.1-0.15 s faster: 1668-1742 ms against 1740-1940 ms, four rounds
 * interleaved. Larger starts (12, 16 MB) gained less, and a larger maximum (64-256 MB) made every
 * fold slower: the cost is copying what survives, which a bigger space only lets pile up.
 *
 * V8 reads the flag when a heap is set up, so it holds for every worker started after this is
 * called (not for main's heap, which exists already); Node offers no per-worker minimum
 * (`resourceLimits` sets maximums only).
 */
import { setFlagsFromString } from 'node:v8';

/** Megabytes of each semi-space a worker's young generation starts with. */
export const WORKER_MIN_SEMI_SPACE_MB = 8;

let configured = false;

/** Let workers started from now on begin with {@link WORKER_MIN_SEMI_SPACE_MB} semi-spaces (once per process). */
export function configureWorkerHeaps(): void {
  if (configured) return;
  configured = true;
  setFlagsFromString(`--min-semi-space-size=${WORKER_MIN_SEMI_SPACE_MB}`);
}
