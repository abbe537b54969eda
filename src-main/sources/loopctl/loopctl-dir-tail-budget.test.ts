import { mkdirSync, rmSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clock, eventRun } from '../../../scripts/fixtures/loopctl/ledger-lines';
import type { LiveNotification } from '../../../shared/live/live-notifications';
import { loopctlRunId } from '../../../shared/loopctl/segment-events';
import { hashTree, tempRoot } from '../../../test/support/store-test-fixtures';
import { LedgerTestWriter } from '../../../test/support/loopctl-writer';
import { LoopctlDirTail } from './loopctl-dir-tail';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const S = 'dddddddd-4444-4444-8444-dddddddddddd';
const t = clock('2026-09-01T10:00:00Z');

/** A loopctl folder with two finished runs of `turns` turns each (2 + 2·turns lines per run). */
function ledgerDir(turns: number): { dir: string; writer: LedgerTestWriter } {
  const root = tempRoot('li-loopctl-budget-');
  roots.push(root);
  const dir = join(root, 'loop');
  mkdirSync(dir);
  const writer = new LedgerTestWriter(dir);
  for (const id of [1, 2]) {
    const run = eventRun(S, id);
    const lines = [run.started(t.at(0))];
    for (let turn = 0; turn < turns; turn += 1) lines.push(run.turnStarted(t.at(turn), turn, `q${turn}`), run.turnEnded(t.at(turn + 1), turn, { durationMs: 900, input: 10, output: 2, stop: 'EndTurn' }));
    lines.push(run.ended(t.at(turns + 1), true, null, turns, 1000 * turns));
    writer.lines('events.jsonl', ...lines);
  }
  return { dir, writer };
}

const deliveredSequences = (notices: LiveNotification[], runId: string) =>
  notices.flatMap((n) => (n.kind === 'run.delta' && n.runId === runId ? n.events.map((e) => e.sequence) : []));
const kinds = (notices: LiveNotification[], runId: string) =>
  notices.flatMap((n) => (n.kind.startsWith('run.') && 'runId' in n && n.runId === runId ? [n.kind === 'run.ended' || n.kind === 'run.started' ? `${n.kind}:${n.reason}` : n.kind] : []));

describe('loopctl tail row budget', () => {
  it('delivers at most `budget` records per tick; the rest follow on later ticks, in order, and the run ends only after its last record', () => {
    const { dir, writer } = ledgerDir(10); // 22 records per run, 44 in all
    const tail = new LoopctlDirTail(dir, { priceTable: BUNDLED_PRICE_TABLE, replayExisting: true, watch: false });
    const notices: LiveNotification[] = [];
    const perTick: number[] = [];
    let more = true;
    for (let now = 1; more && now < 100; now += 1) {
      const out: LiveNotification[] = [];
      const result = tail.tick(now, 8, out);
      perTick.push(result.rows);
      more = result.more;
      notices.push(...out);
    }
    expect(perTick).toEqual([8, 8, 8, 8, 8, 4]);
    const [a, b] = [loopctlRunId(S, 1), loopctlRunId(S, 2)];
    const all = Array.from({ length: 22 }, (_, i) => i + 1);
    expect(deliveredSequences(notices, a)).toEqual(all);
    expect(deliveredSequences(notices, b)).toEqual(all);
    expect(kinds(notices, a).filter((k) => k !== 'run.delta')).toEqual(['run.started:new', 'run.ended:completed']);
    expect(kinds(notices, a).at(-1)).toBe('run.ended:completed');
    // The run stayed active while records waited.
    const firstEnd = notices.findIndex((n) => n.kind === 'run.ended' && n.runId === a);
    expect(deliveredSequences(notices.slice(0, firstEnd), a)).toEqual(all);
    expect(tail.capture(a)).toMatchObject({ lastSequence: 22, phase: 'ended', folded: null });
    // Nothing left: the next tick reads nothing and delivers nothing.
    const idle: LiveNotification[] = [];
    expect(tail.tick(200, 8, idle)).toEqual({ rows: 0, more: false });
    expect(idle).toEqual([]);
    tail.stop();
    expect(hashTree(dir)).toEqual(writer.expectedTree());
  });

  it('gives the same notices in one tick with a large budget as over many small ones', () => {
    const { dir } = ledgerDir(6);
    const drain = (budget: number) => {
      const tail = new LoopctlDirTail(dir, { priceTable: BUNDLED_PRICE_TABLE, replayExisting: true, watch: false });
      const notices: LiveNotification[] = [];
      for (let now = 1, more = true; more; now += 1) more = tail.tick(now, budget, notices).more;
      tail.stop();
      return notices;
    };
    const big = drain(5000);
    const small = drain(3);
    for (const id of [1, 2]) {
      const runId = loopctlRunId(S, id);
      expect(deliveredSequences(small, runId)).toEqual(deliveredSequences(big, runId));
      expect(kinds(small, runId).filter((k) => k !== 'run.delta')).toEqual(kinds(big, runId).filter((k) => k !== 'run.delta'));
      expect(small.filter((n) => 'runId' in n && n.runId === runId).at(-1)).toEqual(big.filter((n) => 'runId' in n && n.runId === runId).at(-1));
    }
  });
});
