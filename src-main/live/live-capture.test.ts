import { mkdirSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clock, eventRun } from '../../scripts/fixtures/loopctl/ledger-lines';
import { loopctlRunId } from '../../shared/loopctl/segment-events';
import { liveTestScope, record, until } from '../../test/support/live-support';
import { simpleRun } from '../../test/support/live-writer';
import { LedgerTestWriter } from '../../test/support/loopctl-writer';

const live = liveTestScope();

const S = 'eeeeeeee-5555-4555-8555-eeeeeeeeeeee';
const t = clock('2026-09-01T10:00:00Z');

const newRoot = (): string => live.tempRoot('li-live-capture-');

/** A loopctl folder `loop/` under `root` with one run of `turns` turns, not ended. */
function loopctlFolder(root: string, turns: number): { dir: string; writer: LedgerTestWriter; run: ReturnType<typeof eventRun> } {
  const dir = join(root, 'loop');
  mkdirSync(dir);
  const writer = new LedgerTestWriter(dir);
  const run = eventRun(S, 1);
  const lines = [run.started(t.at(0))];
  for (let turn = 0; turn < turns; turn += 1) lines.push(run.turnStarted(t.at(turn), turn, `q${turn}`), run.turnEnded(t.at(turn + 1), turn, { durationMs: 900, input: 10, output: 2, stop: 'EndTurn' }));
  writer.lines('events.jsonl', ...lines);
  return { dir, writer, run };
}

describe('live observer snapshots', () => {
  it('capture() is a frozen copy: the run growing afterwards changes the observer, never the captured snapshot', async () => {
    const root = newRoot();
    const dir = join(root, '.little-workflow');
    const w = await live.writer(dir);
    const events = simpleRun('run_grow', 6, false);
    await w.append(events.slice(0, 8));
    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 50, discoverMs: 0, replayExisting: true, logError: () => undefined });
    observer.start();
    await until(() => observer.run(dir, 'run_grow')?.lastSequence === 8, 10_000, 'first rows');
    const captured = observer.capture(dir, 'run_grow')!;
    const frozenText = JSON.stringify(captured);
    expect(captured.lastSequence).toBe(8);
    expect(captured.folded).not.toBeNull();
    expect(Object.isFrozen(captured) && Object.isFrozen(captured.folded!.state) && Object.isFrozen(captured.folded!.state.steps)).toBe(true);
    // A caller cannot change it either.
    expect(() => {
      (captured.folded!.state as { status: string }).status = 'completed';
    }).toThrow(TypeError);

    await w.append(events.slice(8));
    await until(() => observer.run(dir, 'run_grow')?.lastSequence === events.length, 10_000, 'the rest');
    const later = observer.capture(dir, 'run_grow')!;
    expect(later.folded!.state.eventCount).toBeGreaterThan(captured.folded!.state.eventCount);
    expect(JSON.stringify(captured)).toBe(frozenText);
    // Two captures never share objects with each other (or with the observer's own state).
    expect(later.folded!.state).not.toBe(captured.folded!.state);
    expect(observer.capture(dir, 'run_nope')).toBeUndefined();
  });

  it('runs() and run() list loopctl runs next to SQLite runs; capture() of a loopctl run has no fold', async () => {
    const root = newRoot();
    const sqliteDir = join(root, '.little-workflow');
    const w = await live.writer(sqliteDir);
    await w.append(simpleRun('run_sql', 2, false));
    const { dir, writer, run } = loopctlFolder(root, 2);
    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 50, discoverMs: 0, logError: () => undefined });
    observer.start();
    const runId = loopctlRunId(S, 1);
    expect(observer.runs().map((r) => `${r.dataDir}:${r.runId}`).sort()).toEqual([`${dir}:${runId}`, `${sqliteDir}:run_sql`].sort());
    expect(observer.run(dir, runId)).toMatchObject({ dataDir: dir, runId, phase: 'active', lastSequence: 5, summary: { status: 'running', eventCount: 5 } });
    expect(Object.isFrozen(observer.run(dir, runId))).toBe(true);

    writer.lines('events.jsonl', run.ended(t.at(9), true, null, 2, 2000));
    await until(() => observer.run(dir, runId)?.phase === 'ended', 5000, 'loopctl run.ended');
    expect(observer.run(dir, runId)).toMatchObject({ lastSequence: 6, summary: { status: 'completed' } });
    expect(observer.capture(dir, runId)).toMatchObject({ runId, lastSequence: 6, folded: null });
    expect(observer.stats()).toMatchObject({ dataDirs: 2, runs: 2 });
  });

  it('rowsPerTick bounds the work of a loopctl tail per tick: a ledger backlog is delivered over several ticks', async () => {
    const root = newRoot();
    const { dir } = loopctlFolder(root, 20); // 41 records
    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 10_000, discoverMs: 0, rowsPerTick: 10, replayExisting: true, watch: false, logError: () => undefined });
    const rec = record(observer);
    const runId = loopctlRunId(S, 1);
    // start() runs one tick synchronously; the leftovers continue on later turns of the event loop.
    observer.start();
    expect(observer.stats()).toMatchObject({ ticks: 1, rows: 10 });
    expect(observer.run(dir, runId)?.lastSequence).toBe(10);
    await until(() => rec.sequences(runId).length === 41, 5000, 'the whole backlog');
    expect(rec.sequences(runId)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(observer.stats()).toMatchObject({ rows: 41 });
    expect(observer.stats().ticks).toBeGreaterThanOrEqual(5);
  });
});
