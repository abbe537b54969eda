import { mkdirSync, truncateSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveTestScope, loadedLibrary, patchedByLive, record, until } from '../../test/support/live-support';
import { hashTree } from '../../test/support/store-test-fixtures';
import { modelCalled, modelResponded, TraceTestWriter } from '../../test/support/trace-writer';
import { toPushMessage } from './live-library';

const live = liveTestScope();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live observer on a folder of little-harness sessions', () => {
  it('follows a growing trace.ndjson by byte offset: a torn last line waits until completed, the row follows, a new session starts, a shrunk trace resets', async () => {
    const root = live.tempRoot('li-harness-observer-');
    const harness = join(root, '.little-harness');
    mkdirSync(harness);
    const w = new TraceTestWriter(harness, 'sess_live');
    w.status('running');
    w.append(w.line('harness.session.started'), w.line('harness.model.called', modelCalled(1), 'occ_1'));
    const library = loadedLibrary(root);
    expect(library.dataDirs.map((d) => [d.label, d.format, d.kind])).toEqual([['.little-harness', 'harness-trace', 'harness-sessions']]);
    expect(library.runs).toMatchObject([{ runId: 'sess_live', source: 'little-harness', status: 'running', eventCount: 2, session: { counts: { modelCalls: 1 } } }]);

    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 40, discoverMs: 0, logError: () => undefined });
    observer.start();
    expect(observer.dataDirs()).toEqual([harness]);
    const rec = record(observer);
    // The writer appends over time: one line, then a line caught half-written.
    w.append(w.line('harness.model.responded', modelResponded(1, 120, 8), 'occ_1'));
    await until(() => rec.sequences('sess_live').length === 1, 5000, 'responded');
    const rest = w.half(w.line('harness.tool_call.started', { toolName: 'bash', toolCallId: 'call_1', caller: 'model', command: 'ls' }, 'occ_2'));
    await pause(200);
    // The half line is the end of the file until it is completed: nothing more was delivered.
    expect(rec.sequences('sess_live')).toEqual([3]);
    w.raw(rest);
    await until(() => rec.sequences('sess_live').length === 2, 5000, 'completed line');
    expect(rec.sequences('sess_live')).toEqual([3, 4]);

    // The session comes to rest: the observer ends it; the patched row equals a fresh load's.
    w.append(w.line('harness.tool_call.succeeded', { toolName: 'bash', toolCallId: 'call_1', caller: 'model', command: 'ls' }, 'occ_2'));
    w.status('idle');
    await until(() => rec.kinds('sess_live').includes('run.ended:completed'), 5000, 'ended');
    const pushes = rec.notifications.map(toPushMessage).filter((m) => m !== null);
    expect(pushes.flatMap((m) => (m.kind === 'run.delta' ? m.events.map((e) => [e.sequence, e.type, e.occurrenceId]) : []))).toEqual([
      [3, 'harness.model.responded', 'occ_1'],
      [4, 'harness.tool_call.started', 'occ_2'],
      [5, 'harness.tool_call.succeeded', 'occ_2'],
    ]);
    const patched = patchedByLive(library, rec);
    const row = loadedLibrary(root).runs.find((r) => r.runId === 'sess_live')!;
    expect(row).toMatchObject({ status: 'completed', eventCount: 5, lastSequence: 5, inputTokens: 120, outputTokens: 8, session: { counts: { modelCalls: 1, toolCalls: 1 } } });
    expect(patched.runs.find((r) => r.runId === 'sess_live')).toMatchObject({ status: row.status, eventCount: row.eventCount, lastSequence: row.lastSequence, lastEventType: row.lastEventType, finishedAt: row.finishedAt, inputTokens: 120, outputTokens: 8 });

    // A second session appears while watched; a rewritten (shrunk) trace resets the first.
    const second = new TraceTestWriter(harness, 'sess_next');
    second.status('running');
    second.append(second.line('harness.session.started'));
    await until(() => rec.kinds('sess_next').includes('run.started:new'), 5000, 'second session');
    truncateSync(join(w.dir, 'trace.ndjson'), 0);
    w.status('running');
    const again = new TraceTestWriter(harness, 'sess_live');
    again.append(again.line('harness.session.started'));
    await until(() => rec.kinds('sess_live').some((k) => k.startsWith('run.reset')), 5000, 'reset');
    // Ticks that follow read and never write: the tree is byte-identical across them.
    const written = hashTree(harness);
    await pause(200);
    expect(hashTree(harness)).toEqual(written);
    observer.stop();
  });
});

describe('live observer on many existing sessions, more lines than one tick reads', () => {
  it('sessions the row budget defers past the first tick are still history: nothing delivered, nothing announced', async () => {
    const root = live.tempRoot('li-harness-budget-');
    const harness = join(root, '.little-harness');
    mkdirSync(harness);
    for (let i = 0; i < 6; i += 1) {
      const w = new TraceTestWriter(harness, `sess_old_${i}`);
      w.status('running');
      w.append(...Array.from({ length: 5 }, (_, k) => w.line('harness.model.called', modelCalled(k + 1), `occ_${k}`)));
    }
    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 40, discoverMs: 0, rowsPerTick: 4, logError: () => undefined });
    const rec = record(observer);
    observer.start();
    for (let i = 0; i < 10; i += 1) observer.tick();
    observer.flush();
    await pause(100);
    expect(observer.runs().map((r) => r.runId).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `sess_old_${i}`));
    expect(rec.notifications.filter((n) => n.kind === 'run.delta' || n.kind === 'run.started')).toEqual([]);
    observer.stop();
  });
});
