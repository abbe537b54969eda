/**
 * A live update of the fleet index (the app's, after the observer named a run: `partial` and
 * `onlyRuns`) lists that run alone, not its whole data dir, and leaves the index as a whole
 * update would: the same runs, events, words and table rows.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { parseSearchQuery } from '../shared/search/search-query';
import { searchIndex } from '../src-main/fleet/fleet-search';
import { discoverFleet, updateFleetIndex, type IndexOptions } from '../src-main/fleet/index-build';
import { indexFilePath, openIndexForWrite, type IndexConnection } from '../src-main/fleet/index-file';
import { FLEET_TABLE_NAMES } from '../src-main/fleet/table-rows';
import { createSourceRegistry, type SourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { scratchRoot } from './support/scratch';
import { startWriter } from './support/store-test-fixtures';

/** A registry whose sources count the run rows their `listRuns` answers. */
function countingSources(): { registry: SourceRegistry; listedRows: () => number } {
  const real = createSourceRegistry();
  let rows = 0;
  return {
    registry: {
      sourceOf(dir) {
        const source = real.sourceOf(dir);
        return {
          ...source,
          listRuns(...args) {
            const listed = source.listRuns(...args);
            rows += listed.runs.length;
            return listed;
          },
        };
      },
      dispose: () => real.dispose(),
    },
    listedRows: () => rows,
  };
}

async function update(cache: string, root: string, options: Partial<IndexOptions> = {}): Promise<IndexConnection> {
  const opened = openIndexForWrite(indexFilePath(cache, root));
  if (!opened.ok) throw new Error(opened.error.message);
  const found = discoverFleet(root);
  if (!found.ok) throw new Error(found.error.message);
  const stats = await updateFleetIndex(opened.value, found.value, { table: BUNDLED_PRICE_TABLE, ...options });
  expect(stats.diagnostics).toEqual([]);
  return opened.value;
}

/** What the index holds, without its own row ids. */
function contents(db: IndexConnection): Record<string, unknown[]> {
  const all = (sql: string) => [...db.prepare(sql).iterate()];
  const out: Record<string, unknown[]> = {
    runs: all('SELECT run_id, status, event_count, last_sequence, finished_at, identity, digest, stamp, indexed_events FROM index_runs ORDER BY run_id'),
    events: all('SELECT run_id, sequence, type, recorded_at, step_id, step_path, tool, model, texts FROM index_events ORDER BY run_id, sequence'),
  };
  for (const name of FLEET_TABLE_NAMES) out[name] = all(`SELECT * FROM ${name}`).map((row) => JSON.stringify(row)).sort();
  return out;
}

const find = (db: IndexConnection, text: string) => {
  const query = parseSearchQuery(text);
  if (!query.ok) throw new Error(query.error.message);
  return searchIndex(db, query.value, { limit: 100 }).hits.map((hit) => `${hit.runId}#${hit.sequence}`);
};

describe('a live update of one run', () => {
  it('lists only that run and leaves the index as a whole update does', async () => {
    // A data dir of several runs, some still open (their rows are judged by a fold).
    const open = manifestRows().find((row) => row.group === 'crashed' && row.status === 'running')!;
    const root = scratchRoot('li-fleet-live-');
    const dataDir = join(root, 'data');
    cpSync(join(EXAMPLES, open.dataDir), dataDir, { recursive: true });
    const cache = scratchRoot('li-fleet-live-cache-');
    const first = await update(cache, root);
    const runsInDir = Number(first.prepare('SELECT count(*) AS n FROM index_runs').get()?.n);
    expect(runsInDir).toBeGreaterThan(3);
    const appendedAt = Number(first.prepare('SELECT last_sequence AS n FROM index_runs WHERE run_id = ?').get(open.runId)?.n) + 1;
    first.close();

    const writer = await startWriter(dataDir);
    try {
      await writer.append([{ runId: open.runId, type: 'harness.model.responded', payload: { callId: 'live_1', response: { text: 'a quetzal answer' } } }]);
      const counting = countingSources();
      const live = await update(cache, root, { partial: true, onlyRuns: new Map([[dataDir, new Set([open.runId])]]), sources: counting.registry });
      expect(counting.listedRows()).toBe(1);
      expect(find(live, 'quetzal')).toEqual([`${open.runId}#${appendedAt}`]);
      const whole = await update(scratchRoot('li-fleet-live-whole-'), root);
      expect(contents(live)).toEqual(contents(whole));
      expect(find(whole, 'quetzal')).toEqual(find(live, 'quetzal'));
      live.close();
      whole.close();
    } finally {
      await writer.closeCleanly();
    }
  }, 60_000);
});
