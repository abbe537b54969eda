import { mkdirSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clock, eventRun } from '../../scripts/fixtures/loopctl/ledger-lines';
import { loopctlRunId } from '../../shared/loopctl/segment-events';
import { hashTree } from '../../test/support/store-test-fixtures';
import { toPushMessage } from './live-library';
import { liveTestScope, loadedLibrary, patchedByLive, record, until } from '../../test/support/live-support';
import { LedgerTestWriter } from '../../test/support/loopctl-writer';

const live = liveTestScope();

const S = 'cccccccc-3333-4333-8333-cccccccccccc';
const t = clock('2026-09-01T10:00:00Z');

describe('live observer on a loopctl folder', () => {
  it('tails it by byte offset: pushes with event summaries, and the library row follows to the end', async () => {
    const root = live.tempRoot('li-loopctl-observer-');
    const dir = join(root, 'loop');
    mkdirSync(dir);
    const w = new LedgerTestWriter(dir);
    const r1 = eventRun(S, 1);
    w.lines('events.jsonl', r1.started(t.at(0)), r1.turnStarted(t.at(0), 0, 'go'));
    const library = loadedLibrary(root);
    const runId = loopctlRunId(S, 1);
    expect(library.runs.find((r) => r.runId === runId)).toMatchObject({ status: 'running', statusInferred: true, eventCount: 2 });

    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 50, discoverMs: 0, logError: () => undefined });
    observer.start();
    expect(observer.dataDirs()).toEqual([dir]);
    const rec = record(observer);
    w.lines('events.jsonl', r1.turnEnded(t.at(1), 0, { durationMs: 900, input: 10, output: 2, stop: 'EndTurn' }));
    const rest = w.half('events.jsonl', r1.ended(t.at(2), true, null, 1, 2000));
    await until(() => rec.sequences(runId).length === 1, 5000, 'turn.ended');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(rec.sequences(runId)).toEqual([3]);
    w.raw('events.jsonl', rest);
    await until(() => rec.kinds(runId).includes('run.ended:completed'), 5000, 'run.ended');

    const pushes = rec.notifications.map(toPushMessage).filter((m) => m !== null);
    const deltas = pushes.flatMap((m) => (m.kind === 'run.delta' ? m.events : []));
    expect(deltas).toEqual([
      { sequence: 3, type: 'turn.ended', recordedAt: t.at(1), eventId: 'events.jsonl:3' },
      { sequence: 4, type: 'run.ended', recordedAt: t.at(2), eventId: 'events.jsonl:4' },
    ]);
    const patched = patchedByLive(library, rec);
    const row = loadedLibrary(root).runs.find((r) => r.runId === runId)!;
    expect(patched.runs.find((r) => r.runId === runId)).toMatchObject({ status: row.status, statusInferred: false, eventCount: row.eventCount, lastSequence: row.lastSequence, finishedAt: row.finishedAt });
    expect(observer.stats()).toMatchObject({ dataDirs: 1, runs: 1 });
    observer.stop();
    expect(hashTree(dir)).toEqual(w.expectedTree());
  });
});
