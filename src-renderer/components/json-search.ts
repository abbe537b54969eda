/**
 * Find in a JSON value without freezing the UI: an explicit-stack walk that stops after a
 * node budget, driven by an async loop that yields to the event loop between slices
 * (~8 ms each), so a multi-megabyte payload is searched while the page stays responsive.
 */
import { isContainer, type JsonPath } from './json-tree';

/** Most matches collected; the count shown says "10,000+" beyond it. */
export const MAX_MATCHES = 10_000;

/** An incremental search: call `step` until `done`. */
export type JsonSearch = {
  /** Visit up to `budget` nodes; returns true when the walk is finished. */
  step(budget: number): boolean;
  readonly matches: JsonPath[];
  readonly done: boolean;
  /** True when the walk stopped at {@link MAX_MATCHES}. */
  readonly capped: boolean;
};

type Frame = { value: unknown; path: JsonPath };

/** True when a primitive's JSON text (strings unquoted) contains `needle` (lowercased). */
function primitiveMatches(value: unknown, needle: string): boolean {
  if (isContainer(value)) return false;
  const text = typeof value === 'string' ? value : String(value);
  return text.toLowerCase().includes(needle);
}

/**
 * A depth-first, document-order search of keys and primitive values for `query`
 * (case-insensitive substring). A key match points at the keyed node itself.
 */
export function createJsonSearch(root: unknown, query: string): JsonSearch {
  const needle = query.toLowerCase();
  const stack: Frame[] = [{ value: root, path: [] }];
  const matches: JsonPath[] = [];
  let done = needle.length === 0;
  let capped = false;
  return {
    matches,
    get done() {
      return done;
    },
    get capped() {
      return capped;
    },
    step(budget) {
      let visited = 0;
      while (!done && visited < budget) {
        const frame = stack.pop();
        if (frame === undefined) {
          done = true;
          break;
        }
        visited++;
        const { value, path } = frame;
        const last = path[path.length - 1];
        const keyHit = typeof last === 'string' && last.toLowerCase().includes(needle);
        if (keyHit || primitiveMatches(value, needle)) {
          matches.push(path);
          if (matches.length >= MAX_MATCHES) {
            capped = true;
            done = true;
            break;
          }
        }
        if (Array.isArray(value)) {
          for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
        } else if (isContainer(value)) {
          const keys = Object.keys(value);
          for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (value as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
        }
      }
      return done;
    },
  };
}

/** Yield to the event loop (a macrotask, so input and paint get their turn). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Result of {@link searchJson}. */
export type JsonSearchResult = { matches: JsonPath[]; capped: boolean; aborted: boolean };

/**
 * Run a search in time slices of at most `sliceMs`; stops early when `signal` aborts.
 * `onProgress` sees the matches found so far after each slice.
 */
export async function searchJson(
  root: unknown,
  query: string,
  options: { signal?: AbortSignal; sliceMs?: number; onProgress?(found: number): void } = {},
): Promise<JsonSearchResult> {
  const search = createJsonSearch(root, query);
  const sliceMs = options.sliceMs ?? 8;
  while (!search.done) {
    if (options.signal?.aborted) return { matches: search.matches, capped: search.capped, aborted: true };
    const started = performance.now();
    // Small node batches, re-checking the clock, so one slice never overruns by much.
    while (!search.step(512) && performance.now() - started < sliceMs);
    options.onProgress?.(search.matches.length);
    if (!search.done) await yieldToLoop();
  }
  return { matches: search.matches, capped: search.capped, aborted: options.signal?.aborted ?? false };
}
