import { renameSync, rmSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashTree } from '../../test/support/store-test-fixtures';
import type { LiveObserver, LiveObserverOptions } from './live-observer';
import { expectLiveEqualsFullFold, liveTestScope, readAll, record, until } from '../../test/support/live-support';
import { simpleRun } from '../../test/support/live-writer';

const live = liveTestScope();
const newDataDir = (): string => join(live.tempRoot('li-live-'), '.little-workflow');
const writer = live.writer;
function observe(root: string, options: Partial<LiveObserverOptions> = {}): LiveObserver {
  return live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 50, discoverMs: 200, fullCheckMs: 200, lockCheckMs: 100, logError: () => undefined, ...options });
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('live observer', () => {
  it('delivers every committed event exactly once, in order, and its live fold equals a full fold', async () => {
    const dir = newDataDir();
    const w = await writer(dir);
    await w.append(simpleRun('run_old', 2, true));
    await w.append(simpleRun('run_open', 1, false));
    const o = observe(dir);
    o.start();
    const rec = record(o);
    // Interleaved commits of three runs, single and batched.
    const a = simpleRun('run_a', 30, true);
    const b = simpleRun('run_b', 30, false);
    for (let i = 0; i < a.length; i += 7) {
      await w.append(a.slice(i, i + 7));
      await w.append(b.slice(i, i + 7), { oneTransaction: true });
      await w.append([{ runId: 'run_open', type: 'StepScheduled', payload: { stepPath: `late_${i}` } }]);
    }
    const late = Math.ceil(a.length / 7);
    await until(() => rec.sequences('run_a').length === a.length && rec.sequences('run_b').length === b.length && rec.sequences('run_open').length === late, 15_000, 'all events');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rec.sequences('run_a')).toEqual(range(1, a.length));
    expect(rec.sequences('run_b')).toEqual(range(1, b.length));
    // run_open existed with 4 events: only the new ones are delivered.
    expect(rec.sequences('run_open')).toEqual(range(5, 4 + late));
    expect(rec.sequences('run_old')).toEqual([]);
    expect(rec.kinds('run_a')[0]).toBe('run.started:new');
    expect(rec.kinds('run_a').at(-1)).toBe('run.ended:completed');
    expect(rec.kinds('run_b').filter((k) => k !== 'run.delta')).toEqual(['run.started:new']);
    for (const runId of ['run_a', 'run_b', 'run_open', 'run_old']) {
      if (runId !== 'run_old') expectLiveEqualsFullFold(o, dir, runId);
    }
    // Delivered envelopes are the store's, frozen.
    const first = rec.notifications.find((n) => n.kind === 'run.delta');
    expect(Object.isFrozen(first)).toBe(true);
    if (first?.kind === 'run.delta') {
      expect(Object.isFrozen(first.events[0])).toBe(true);
      expect(Object.isFrozen(first.events[0].payload)).toBe(true);
    }
  });

  it('loses nothing across a WAL checkpoint (TRUNCATE) taken by the writer', async () => {
    const dir = newDataDir();
    const w = await writer(dir);
    await w.append(simpleRun('run_x', 1, false));
    const o = observe(dir);
    o.start();
    const rec = record(o);
    const events = simpleRun('run_y', 60, true);
    for (let i = 0; i < events.length; i += 20) {
      await w.append(events.slice(i, i + 20));
      const [busy] = await w.checkpoint();
      expect(busy).toBe(0);
    }
    // A hang guard, not a speed check: the whole suite on two loaded cores once took over 15 s here.
    await until(() => rec.sequences('run_y').length === events.length, 45_000, () => `run_y (${rec.sequences('run_y').length} of ${events.length} events so far)`);
    expect(rec.sequences('run_y')).toEqual(range(1, events.length));
    expectLiveEqualsFullFold(o, dir, 'run_y');
  });

  it('resets a run whose rows were deleted and rewritten, notifies, and ends equal to a full fold', async () => {
    const dir = newDataDir();
    const w = await writer(dir);
    const o = observe(dir, { fullCheckMs: 10_000 });
    o.start();
    const rec = record(o);
    await w.append(simpleRun('run_r', 5, false));
    await until(() => rec.sequences('run_r').length === 16, 10_000, 'first write');
    // Like truncateEventLogForTest, then a different history is written.
    await w.truncate('run_r', 7);
    await w.append(simpleRun('run_r', 3, true, '_v2').slice(8));
    await until(() => rec.kinds('run_r').some((k) => k.startsWith('run.reset')), 10_000, 'reset');
    await until(() => o.run(dir, 'run_r')?.lastSequence === 7 + simpleRun('run_r', 3, true, '_v2').slice(8).length, 10_000, 'refold');
    const events = expectLiveEqualsFullFold(o, dir, 'run_r');
    const kinds = rec.kinds('run_r');
    const reset = kinds.findIndex((k) => k.startsWith('run.reset'));
    expect(kinds[reset]).toMatch(/run\.reset:(rewritten|truncated)/);
    // After the reset the whole new history is delivered again, from 1 (notices reach subscribers a turn after the tail folded them).
    const resent = () => {
      const after = rec.notifications.slice(rec.notifications.findIndex((n) => n.kind === 'run.reset') + 1);
      return after.flatMap((n) => (n.kind === 'run.delta' && n.runId === 'run_r' ? n.events.map((e) => e.eventId) : []));
    };
    await until(() => resent().length >= events.length, 10_000, 'the new history delivered');
    expect(resent()).toEqual(events.map((e) => e.eventId));
  });

  it('recovers when events.db is replaced by another file and when the data dir is deleted and recreated', async () => {
    const dir = newDataDir();
    const other = newDataDir();
    const w1 = await writer(dir);
    await w1.append(simpleRun('run_f', 2, false));
    await w1.closeCleanly();
    const o = observe(dir);
    o.start();
    const rec = record(o);
    await until(() => o.run(dir, 'run_f')?.lastSequence === 7, 5_000, 'baseline');
    // A different database (same run id, another history) is renamed over events.db.
    const w2 = await writer(other);
    await w2.append(simpleRun('run_f', 4, false, '_other'));
    await w2.append(simpleRun('run_g', 1, true));
    await w2.closeCleanly();
    renameSync(join(other, 'events', 'events.db'), join(dir, 'events', 'events.db'));
    await until(() => o.run(dir, 'run_f')?.lastSequence === 13 && o.run(dir, 'run_g')?.lastSequence === 5, 10_000, 'replaced file');
    expect(rec.kinds('run_f')).toContain('run.reset:replaced');
    expectLiveEqualsFullFold(o, dir, 'run_f');
    expectLiveEqualsFullFold(o, dir, 'run_g');
    // Delete the whole data dir, then a writer recreates it with new content.
    rmSync(dir, { recursive: true, force: true });
    await until(() => rec.notifications.some((n) => n.kind === 'dataDir.lost'), 5_000, 'lost');
    const w3 = await writer(dir);
    await w3.append(simpleRun('run_h', 2, false));
    await until(() => rec.notifications.some((n) => n.kind === 'dataDir.restored'), 5_000, 'restored');
    await until(() => o.run(dir, 'run_h')?.lastSequence === 7, 5_000, 'run_h');
    expect(o.run(dir, 'run_f')).toBeUndefined();
    expect(rec.kinds('run_f')).toContain('run.ended:removed');
    await w3.append([{ runId: 'run_h', type: 'RunCompleted', payload: {} }]);
    await until(() => o.run(dir, 'run_h')?.lastSequence === 8, 5_000, 'run_h end');
    expectLiveEqualsFullFold(o, dir, 'run_h');
  });

  it('picks up a data dir that appears under the root after start', async () => {
    const root = live.tempRoot('li-live-root-');
    const first = join(root, 'a', '.little-workflow');
    const w1 = await writer(first);
    await w1.append(simpleRun('run_1', 1, true));
    const o = observe(root);
    o.start();
    const rec = record(o);
    const second = join(root, 'b', '.little-workflow');
    const w2 = await writer(second);
    await w2.append(simpleRun('run_2', 2, false));
    await until(() => rec.sequences('run_2').length === 7, 10_000, 'new data dir');
    expect(rec.notifications.find((n) => n.kind === 'dataDir.added')).toMatchObject({ dataDir: second });
    expect(o.dataDirs().sort()).toEqual([first, second].sort());
    expectLiveEqualsFullFold(o, second, 'run_2');
  });

  it('calls subscribers in order; a throwing one is logged by name and a slow one gets coalesced batches', async () => {
    const dir = newDataDir();
    const w = await writer(dir);
    const logged: string[] = [];
    const o = observe(dir, { logError: (message) => logged.push(message) });
    o.start();
    const order: string[] = [];
    o.subscribe('first', () => void order.push('first'));
    o.subscribe('broken', () => {
      order.push('broken');
      throw new Error('boom');
    });
    let slowBatches = 0;
    const slowSeqs: number[] = [];
    o.subscribe('slow', async (batch) => {
      slowBatches += 1;
      for (const n of batch) if (n.kind === 'run.delta') slowSeqs.push(...n.events.map((e) => e.sequence));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const rec = record(o, 'last');
    const events = simpleRun('run_s', 40, true);
    for (const event of events) await w.append([event]);
    await until(() => rec.sequences('run_s').length === events.length && slowSeqs.length === events.length, 15_000, 'all subscribers');
    expect(order.slice(0, 2)).toEqual(['first', 'broken']);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]).toContain('"broken" failed: boom');
    expect(rec.sequences('run_s')).toEqual(range(1, events.length));
    expect(slowSeqs).toEqual(range(1, events.length));
    expect(slowBatches).toBeLessThan(rec.batches);
  });

  it('never writes a byte: the data dir hashes the same before and after tailing a killed writer', async () => {
    const dir = newDataDir();
    const w = await writer(dir);
    await w.append(simpleRun('run_k', 3, false));
    await w.kill();
    const before = hashTree(dir);
    const o = observe(dir, { replayExisting: true });
    const rec = record(o);
    o.start();
    await until(() => rec.sequences('run_k').length === 10, 5_000, 'replay');
    for (let i = 0; i < 5; i += 1) {
      o.tick();
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    o.stop();
    expect(hashTree(dir)).toEqual(before);
    expect(readAll(dir, 'run_k')).toHaveLength(10);
  });
});
