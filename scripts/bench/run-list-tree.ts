/**
 * The library view's derivations over a synthetic run list (20,000 runs in `npm run bench`):
 * the expanded tree, sorting by cost, text + status filters, status counts and facets. The
 * goal is one frame (50 ms on a laptop) per derivation; the unit test only counts work
 * (src-renderer/views/library/run-tree.test.ts), the time is measured here.
 */
import { facetValues, statusCounts } from '../../src-renderer/views/library/run-filters';
import { DEFAULT_QUERY, type LibraryQuery } from '../../src-renderer/stores/library-query';
import { buildRunTree, runRowKey } from '../../src-renderer/views/library/run-tree';
import { syntheticRuns } from '../../test/support/library-runs';
import { repeat } from './timing';

/** Median milliseconds of each derivation over `runs` runs (one warm-up pass first). */
export type RunListTreeTiming = { runs: number; rounds: number; medianMs: Record<string, number> };

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const q = (over: Partial<LibraryQuery> = {}): LibraryQuery => ({ ...DEFAULT_QUERY, ...over });

/** Time each derivation `rounds` times after a warm-up (as a second render would be). */
export function measureRunListTree(runs: number, rounds: number): RunListTreeTiming {
  const data = syntheticRuns(runs);
  const expandAll: Record<string, boolean> = {};
  for (const r of data.runs) expandAll[runRowKey(r)] = true;
  const cases: Record<string, () => unknown> = {
    'tree, all expanded': () => buildRunTree(data, q(), expandAll, NOW),
    'tree sorted by cost': () => buildRunTree(data, q({ sort: 'cost' }), {}, NOW),
    'tree, text + status filter': () => buildRunTree(data, q({ text: 'run_1', statuses: ['crashed', 'failed'] }), {}, NOW),
    'status counts': () => statusCounts(data.runs, q({ text: '9' }), NOW),
    facets: () => facetValues(data.runs),
  };
  const medianMs: Record<string, number> = {};
  for (const [name, fn] of Object.entries(cases)) {
    fn();
    medianMs[name] = repeat(rounds, fn).medianMs;
  }
  return { runs, rounds, medianMs };
}
