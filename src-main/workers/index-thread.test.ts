/**
 * The fleet index's own thread ends once its updates are done: a big root's build left its heap
 * at hundreds of MB until V8 shrank it (~350 MB after the 200,000-event run). The next update
 * starts another thread on the same file, and main's read connection stays open meanwhile.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { discoverFleet } from '../fleet/fleet-discovery';
import { indexedCounts } from '../fleet/fleet-search';
import { fleetRoot } from '../../test/support/fleet-root';
import { scratchRoot } from '../../test/support/scratch';
import { createIndexer } from './index-thread';

/** The fixture fleet root's discovery and an index of it in a thread of its own (a fresh file). */
async function threadOnFleetRoot() {
  const { root } = await fleetRoot();
  const discovery = discoverFleet(root);
  if (!discovery.ok) throw new Error(discovery.error.message);
  return { discovery, indexer: createIndexer(join(scratchRoot('li-index-thread-'), 'index.sqlite'), 'thread') };
}

describe('the index thread', () => {
  it('starts with its first update, ends after it, and the next update starts another on the same file', async () => {
    const { discovery, indexer } = await threadOnFleetRoot();
    try {
      expect(indexer.running()).toBe(false);
      expect(indexer.reader()).toBeNull();
      const first = indexer.update({ discovery: discovery.value, partial: false, table: BUNDLED_PRICE_TABLE }, () => undefined);
      expect(indexer.running()).toBe(true);
      await first;
      expect(indexer.running()).toBe(false);
      const counted = indexedCounts(indexer.reader()!);
      expect(counted.events).toBeGreaterThan(0);
      // Nothing changed: the new thread proves it and ends again; the reader still answers.
      await indexer.update({ discovery: discovery.value, partial: false, table: BUNDLED_PRICE_TABLE }, () => undefined);
      expect(indexer.running()).toBe(false);
      expect(indexer.problem()).toBeNull();
      expect(indexedCounts(indexer.reader()!)).toEqual(counted);
    } finally {
      indexer.close();
    }
  }, 60_000);

  it('stays after a live (partial) update, holding its live dirs for the next commit, and ends on close', async () => {
    const { discovery, indexer } = await threadOnFleetRoot();
    try {
      await indexer.update({ discovery: discovery.value, partial: false, table: BUNDLED_PRICE_TABLE }, () => undefined);
      expect(indexer.running()).toBe(false);
      await indexer.update({ discovery: discovery.value, partial: true, table: BUNDLED_PRICE_TABLE }, () => undefined);
      // A live update's mirrors (fleet/kept-live-dirs.ts) live in the thread: it is kept for KEEP_LIVE_DIR_MS.
      expect(indexer.running()).toBe(true);
    } finally {
      indexer.close();
    }
    expect(indexer.running()).toBe(false);
  }, 60_000);
});
