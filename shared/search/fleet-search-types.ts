/**
 * What the app's search box gets over `fleet.search` and the `fleet.indexing` push: the hits of
 * the fleet index (src-main/fleet/fleet-search.ts) and how far the index is built, so the page can
 * say "indexing 1,234 of 10,000 runs" while it already searches what is indexed so far.
 */

/** One matching event; `marks`: where the words matched in `snippet` (UTF-16 offsets, end exclusive). */
export type FleetSearchHit = { dataDir: string; runId: string; sequence: number; type: string; field: string; snippet: string; marks: [number, number][] };

/** The state of the opened root's index. */
export type FleetIndexStatus = {
  /** `idle`: nothing open; `indexing`: a build or update is under way; `ready`: up to date; `failed`: see `problem`. */
  phase: 'idle' | 'indexing' | 'ready' | 'failed';
  /** Runs (and sessions) gone through by the build under way, or all of them once ready. */
  runsDone: number;
  /** Runs and sessions of the opened root (its run list's rows). */
  runsTotal: number;
  /** What the index holds now. */
  indexedRuns: number;
  indexedEvents: number;
  /** Why the index could not be opened or built (the app still answers everything else). */
  problem: string | null;
};

/** A search's answer: at most `limit` hits sorted by run then sequence, how many events match, and the index's state. */
export type FleetSearchResult = { hits: FleetSearchHit[]; total: number; status: FleetIndexStatus };

/** Longest query the channel accepts, and the largest `limit`. */
export const MAX_FLEET_QUERY = 1000;
export const MAX_FLEET_SEARCH_LIMIT = 500;
