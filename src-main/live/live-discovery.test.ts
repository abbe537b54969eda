/**
 * Rescans of the opened root happen off main's thread when the library says how (its worker):
 * the observer starts on the data dirs the load already found, never waits for a walk, keeps one
 * walk in flight, and spaces walks by their cost.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { DataDirInfo } from '../../shared/library';
import { liveTestScope, until } from '../../test/support/live-support';
import { simpleRun } from '../../test/support/live-writer';
import { discover } from '../sources/fs/discovery';
import { createRunDetailPool } from '../workers/run-detail-pool';
import type { LiveObserver } from './live-observer';

const live = liveTestScope();

/** An observer that only ticks when told, on a clock the test moves, rescanning at most every second. */
function manualClock(root: string, now: () => number) {
  return { root, now, pollMs: 60_000, watch: false, discoverMs: 1000, logError: () => undefined };
}

/**
 * An observer on `found` whose walks each take 500 ms of a test clock; started, and its first
 * walk (at 1000) done and settled. `walks` lists the clock at each walk's start.
 */
async function firstTimedWalk(root: string, found: DataDirInfo[], watch: boolean): Promise<{ observer: LiveObserver; walks: number[]; clock: { now: number } }> {
  const clock = { now: 0 };
  const walks: number[] = [];
  const observer = live.observe({priceTable: BUNDLED_PRICE_TABLE, 
    ...manualClock(root, () => clock.now),
    watch,
    initialDataDirs: found,
    discoverDataDirs: async () => {
      walks.push(clock.now);
      clock.now += 500;
      return found;
    },
  });
  observer.start();
  clock.now = 1000;
  observer.tick();
  await until(() => walks.length === 1, 5000, 'first walk');
  await new Promise((resolve) => setImmediate(resolve));
  return { observer, walks, clock };
}

/** A root holding two data dirs, `a` and `b`, each with one finished run. */
async function twoDataDirs(): Promise<{ root: string; found: DataDirInfo[] }> {
  const root = realpathSync(live.tempRoot('li-live-discovery-'));
  for (const name of ['a', 'b']) {
    const writer = await live.writer(join(root, name, '.little-workflow'));
    await writer.append(simpleRun(`run_${name}`, 2, true));
  }
  const found = discover(root, { countRuns: false }).dataDirs;
  expect(found.map((d) => d.label)).toEqual(['a/.little-workflow', 'b/.little-workflow']);
  return { root, found };
}

it('starts on the given data dirs without a walk, and a rescan off main adds and announces new ones when it answers', async () => {
  const { root, found } = await twoDataDirs();
  const [a, b] = found;
  let clock = 0;
  const walks: Array<(dirs: readonly DataDirInfo[]) => void> = [];
  const observer = live.observe({priceTable: BUNDLED_PRICE_TABLE, 
    ...manualClock(root, () => clock),
    initialDataDirs: [a],
    discoverDataDirs: () => new Promise((resolve) => walks.push(resolve)),
  });
  const added: string[] = [];
  observer.subscribe('test', (batch) => {
    for (const notice of batch) if (notice.kind === 'dataDir.added') added.push(notice.dataDir);
  });
  observer.start();
  // Only the given dir is tailed: no synchronous walk found `b`.
  expect(observer.dataDirs()).toEqual([a.path]);
  expect(walks).toHaveLength(0);

  clock = 1000;
  observer.tick();
  observer.tick();
  // The tick asked for a walk and went on without waiting; a second tick starts no second walk.
  expect(walks).toHaveLength(1);
  expect(observer.dataDirs()).toEqual([a.path]);
  clock = 9000;
  observer.tick();
  expect(walks).toHaveLength(1);

  walks[0](found);
  await until(() => added.length === 1, 5000, 'b announced');
  expect(added).toEqual([b.path]);
  expect([...observer.dataDirs()].sort()).toEqual([a.path, b.path]);
});

it('spaces rescans by their cost: the next walk waits ten times as long as the last one took', async () => {
  const { root, found } = await twoDataDirs();
  const { observer, walks, clock } = await firstTimedWalk(root, found, false);
  // It ended at 1500 and took 500 ms: nothing before 1500 + 5000.
  clock.now = 6499;
  observer.tick();
  await new Promise((resolve) => setImmediate(resolve));
  expect(walks).toEqual([1000]);
  clock.now = 6500;
  observer.tick();
  await until(() => walks.length === 2, 5000, 'second walk');
  expect(walks).toEqual([1000, 6500]);
});

it("the library's worker walks a root to the same data dirs as discovery on main", async () => {
  const { root, found } = await twoDataDirs();
  const pool = createRunDetailPool();
  try {
    const walked = await pool.discover(root);
    expect(walked.ok).toBe(true);
    if (walked.ok) expect(walked.value.dataDirs).toEqual(found);
  } finally {
    await pool.close();
  }
}, 60_000);

it('a change in the root itself brings the next rescan forward to the plain interval (fs.watch), not the cost-spaced one', async () => {
  const { root, found } = await twoDataDirs();
  const { observer, walks, clock } = await firstTimedWalk(root, found, true);
  // Cost-spaced, the next walk would wait until 6500; a new folder in the root allows it from 2500.
  clock.now = 2500;
  observer.tick();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(walks).toEqual([1000]);
  mkdirSync(join(root, 'c'));
  await until(
    () => {
      observer.tick();
      return walks.length === 2;
    },
    5000,
    'a walk after the root changed',
  );
  expect(walks).toEqual([1000, 2500]);
});
