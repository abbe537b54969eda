/**
 * The fleet index's first build, when the page's status ask starts it, waits for the run builds
 * to be quiet (run-detail-pool.ts `quiet`): at 200,000 events it folds the run again and its
 * heap reached ~350 MB on top of the open's. A search wants the index now and does not wait.
 */
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { loadLibrary } from '../library/load-library';
import { fleetRoot } from '../../test/support/fleet-root';
import { createFleetIndexService } from './fleet-index-service';

/** A service on the fleet root, its pushes, and the `quiet` it waits for (resolved by the test). */
async function service() {
  const { root } = await fleetRoot();
  const snapshot = loadLibrary(root, BUNDLED_PRICE_TABLE);
  if (!snapshot.ok) throw new Error(snapshot.error.message);
  const pushes: PushMessage[] = [];
  let quietNow: () => void = () => undefined;
  const quiet = new Promise<void>((resolve) => (quietNow = resolve));
  const fleet = createFleetIndexService({ cacheDir: null, table: () => BUNDLED_PRICE_TABLE, publish: (m) => pushes.push(m), mode: 'in-process', quiet: () => quiet });
  fleet.libraryChanged(snapshot.value);
  const phases = () => pushes.flatMap((m) => (m.kind === 'fleet.indexing' ? [m.status.phase] : []));
  return { fleet, phases, quietNow };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the fleet index waits for the run builds', () => {
  it('a status ask starts the first build only once the run builds are quiet', async () => {
    const { fleet, phases, quietNow } = await service();
    try {
      expect(fleet.status().phase).toBe('idle');
      await turn();
      expect(phases()).toEqual([]);
      quietNow();
      await turn();
      expect(phases()[0]).toBe('indexing');
      await fleet.settled();
      expect(fleet.status().phase).toBe('ready');
    } finally {
      fleet.close();
    }
  });

  it('a search starts it at once, waiting or not', async () => {
    const { fleet, phases } = await service();
    try {
      fleet.status();
      await turn();
      expect(phases()).toEqual([]);
      expect(fleet.search('cafe').ok).toBe(true);
      expect(phases()[0]).toBe('indexing');
      await fleet.settled();
      expect(fleet.status().phase).toBe('ready');
    } finally {
      fleet.close();
    }
  });
});
