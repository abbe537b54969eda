/**
 * The index is built once and kept: a second app (a restarted server) on the same cache folder
 * finds the file the first one built, writes nothing to it while the root is unchanged, and on a
 * commit reads only the new event (the index grows by it; the run is not indexed again). A warm
 * CLI `search` decides the same without the builder (index-fresh.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetIndexStatus } from '../shared/search/fleet-search-types';
import { discoverFleet } from '../src-main/fleet/fleet-discovery';
import { indexFilePath, openIndexForWrite } from '../src-main/fleet/index-file';
import { indexIsFresh } from '../src-main/fleet/index-fresh';
import type { InspectorCore } from '../src-main/core/inspector-core';
import { changeableRun } from './support/changeable-run';
import { openedCore } from './support/opened-core';
import { scratchRoot } from './support/scratch';
import { startWriter } from './support/store-test-fixtures';

async function ready(core: InspectorCore): Promise<FleetIndexStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await core.handlers['fleet.indexStatus']({});
    if (answer.ok && answer.value.phase === 'ready') return answer.value;
    if (Date.now() > deadline) throw new Error('index not ready after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function hits(core: InspectorCore, query: string): Promise<{ at: string[]; events: number }> {
  const answer = await core.handlers['fleet.search']({ query, limit: 100 });
  if (!answer.ok) throw new Error(answer.error.message);
  return { at: answer.value.hits.map((hit) => `${hit.runId}#${hit.sequence}`), events: answer.value.status.indexedEvents };
}

/** Whether the index in `cache` is up to date with `root`, as a warm CLI search decides it. */
function fresh(cache: string, root: string): boolean {
  const found = discoverFleet(root);
  if (!found.ok) throw new Error(found.error.message);
  const opened = openIndexForWrite(indexFilePath(cache, root));
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    return indexIsFresh(opened.value, found.value.dataDirs);
  } finally {
    opened.value.close();
  }
}

describe('the fleet index across restarts', () => {
  it('is kept in the cache folder, untouched while the root is unchanged; a commit adds only its event', async () => {
    const run = changeableRun('li-fleet-restart-');
    const root = join(run.dir, '..');
    const cache = scratchRoot('li-fleet-restart-cache-');
    const file = indexFilePath(cache, root);

    const first = await openedCore(root, { cacheDir: cache, live: false });
    let built: FleetIndexStatus;
    try {
      built = await ready(first);
    } finally {
      first.close();
    }
    expect(built.indexedEvents).toBeGreaterThan(0);
    const bytes = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    expect(fresh(cache, root)).toBe(true);

    // A restart: the same file, nothing built again, nothing written.
    const second = await openedCore(root, { cacheDir: cache, live: { pollMs: 50 } });
    let writer: Awaited<ReturnType<typeof startWriter>> | null = null;
    try {
      const status = await ready(second);
      expect({ runs: status.indexedRuns, events: status.indexedEvents }).toEqual({ runs: built.indexedRuns, events: built.indexedEvents });
      expect(readFileSync(file).equals(bytes)).toBe(true);
      expect(statSync(file).mtimeMs).toBe(mtime);

      // A writer opening the log (its -wal appears) already makes the index stale for a warm search.
      writer = await startWriter(run.dir);
      await writer.append([{ runId: run.runId, type: 'harness.model.responded', payload: { callId: 'restart1', response: { text: 'a kept marzipan' } } }]);
      expect(fresh(cache, root)).toBe(false);
      const deadline = Date.now() + 15_000;
      let found = await hits(second, 'marzipan');
      while (found.at.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        found = await hits(second, 'marzipan');
      }
      expect(found.at).toEqual([`${run.runId}#${run.last + 1}`]);
      // One event more: the run's earlier events were not indexed a second time.
      expect(found.events).toBe(built.indexedEvents + 1);
    } finally {
      await writer?.closeCleanly();
      second.close();
    }
    expect(fresh(cache, root)).toBe(false);
  }, 90_000);
});
