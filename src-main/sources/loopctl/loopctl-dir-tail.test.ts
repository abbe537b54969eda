import { mkdirSync, rmSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clock, eventRun, trajectoryLine } from '../../../scripts/fixtures/loopctl/ledger-lines';
import { loopctlRunId } from '../../../shared/loopctl/segment-events';
import { loopctlRunSummary } from '../../../shared/run/loopctl-run-view';
import { readRunRecords } from './loopctl-records';
import { readLoopctlDir } from './loopctl-reader';
import { hashTree, tempRoot } from '../../../test/support/store-test-fixtures';
import type { LiveNotification } from '../../../shared/live/live-notifications';
import { LoopctlDirTail } from './loopctl-dir-tail';
import { LedgerTestWriter } from '../../../test/support/loopctl-writer';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const A = 'aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa';
const B = 'bbbbbbbb-2222-4222-8222-bbbbbbbbbbbb';
const t = clock('2026-09-01T10:00:00Z');
const tools = { durationMs: 900, input: 100, output: 20, stop: 'ToolCall' };
const record = (sessionId: string, runId: string, at: number, turns: number) =>
  trajectoryLine({
    sessionId, runId, outcome: 'success', startedAt: t.at(at), durationMs: 3000, totalTurns: turns,
    turns: Array.from({ length: turns }, (_, turn) => ({ turn, query: `q${turn}`, response_text: `r${turn}`, tool_calls: [], duration_ms: 900, input_tokens: 100, output_tokens: 20 })),
  });

/** A tail driven tick by tick with a fake clock, and everything it told. */
function harness(dir: string, options: { replayExisting?: boolean; holdTrajectoryMs?: number } = {}) {
  const tail = new LoopctlDirTail(dir, { priceTable: BUNDLED_PRICE_TABLE, replayExisting: true, watch: false, ...options });
  const notices: LiveNotification[] = [];
  let now = 0;
  return {
    tail,
    notices,
    tick(ms = 100): LiveNotification[] {
      now += ms;
      const out: LiveNotification[] = [];
      tail.tick(now, 5000, out);
      notices.push(...out);
      return out;
    },
  };
}

/** Event ids delivered to each run since its last reset or removal. */
function deliveredSinceReset(notices: readonly LiveNotification[]): Map<string, { ids: string[]; sequences: number[] }> {
  const runs = new Map<string, { ids: string[]; sequences: number[] }>();
  for (const n of notices) {
    if (!('runId' in n)) continue;
    if (n.kind === 'run.reset' || (n.kind === 'run.ended' && n.reason === 'removed')) runs.set(n.runId, { ids: [], sequences: [] });
    if (n.kind !== 'run.delta') continue;
    const run = runs.get(n.runId) ?? { ids: [], sequences: [] };
    run.ids.push(...n.events.map((e) => e.eventId));
    run.sequences.push(...n.events.map((e) => e.sequence));
    runs.set(n.runId, run);
  }
  return runs;
}

/** The live state equals a fresh read: same fold, each run's records delivered once and in order. */
function expectLiveEqualsFresh(dir: string, tail: LoopctlDirTail, notices: readonly LiveNotification[]): void {
  const fresh = readLoopctlDir(dir, BUNDLED_PRICE_TABLE);
  expect(JSON.stringify(tail.fold().runs)).toBe(JSON.stringify(fresh.runs));
  const delivered = deliveredSinceReset(notices);
  expect([...tail.runs.keys()].sort()).toEqual(fresh.runs.map((r) => r.id).sort());
  for (const run of fresh.runs) {
    const ids = readRunRecords(dir, run.id)!.map((r) => `${r.ref.file}:${r.ref.line}`);
    expect(delivered.get(run.id)?.ids, run.id).toEqual(ids);
    expect(delivered.get(run.id)?.sequences).toEqual(ids.map((_, i) => i + 1));
    const live = tail.runs.get(run.id)!.summary;
    const row = loopctlRunSummary(run, dir);
    expect({ status: live.status, eventCount: live.eventCount, lastSequence: live.lastSequence }).toEqual({ status: row.status, eventCount: row.eventCount, lastSequence: row.lastSequence });
  }
}

const kinds = (notices: readonly LiveNotification[], runId: string) =>
  notices.filter((n) => 'runId' in n && n.runId === runId).map((n) => (n.kind === 'run.delta' ? `delta:${n.events.map((e) => e.type).join(',')}` : `${n.kind}:${(n as { reason?: string }).reason}`));

function newDir(): string {
  const root = tempRoot('li-loopctl-live-');
  roots.push(root);
  const dir = join(root, 'ledgers');
  mkdirSync(dir);
  return dir;
}

describe('loopctl live tail', () => {
  it('half lines, two processes, a held trajectory record, a truncation and a replacement: every record once, live = fresh, nothing written', () => {
    const dir = newDir();
    const w = new LedgerTestWriter(dir);
    const a1 = eventRun(A, 1);
    w.lines('events.jsonl', a1.started(t.at(0)), a1.turnStarted(t.at(0), 0, 'hi'), a1.turnEnded(t.at(1), 0, { ...tools, stop: 'EndTurn' }), a1.ended(t.at(2), true, null, 1, 2000));
    w.lines('trajectory.jsonl', record(A, 'traj-a1', 0, 1));
    const h = harness(dir);
    const ra1 = loopctlRunId(A, 1);
    h.tick();
    expect(kinds(h.notices, ra1)).toEqual(['run.started:new', 'delta:run.started,turn.started,turn.ended,run.ended,trajectory.record', 'run.ended:completed']);

    // Process A's second run, with a half-written line that waits for its newline.
    const a2 = eventRun(A, 2);
    const ra2 = loopctlRunId(A, 2);
    w.lines('events.jsonl', a2.started(t.at(10)), a2.turnStarted(t.at(10), 0, 'run the tests'));
    const rest = w.half('events.jsonl', a2.turnEnded(t.at(11), 0, tools));
    h.tick();
    expect(kinds(h.notices, ra2)).toEqual(['run.started:new', 'delta:run.started,turn.started']);
    expect(h.tail.fold().runs.find((r) => r.id === ra2)!.modelTurns[0]!.usage).toBeUndefined();
    w.raw('events.jsonl', rest);
    w.lines('events.jsonl', a2.toolCall(t.at(11), 0, 'call_1', 'bash'), a2.toolResult(t.at(12), 0, 'call_1', 'bash', 18446744073709551557n, false, 40));
    h.tick();
    expectLiveEqualsFresh(dir, h.tail, h.notices);

    // A second process (session B): its run_id restarts at 1, its lines interleave with A's.
    const b1 = eventRun(B, 1);
    const rb1 = loopctlRunId(B, 1);
    w.lines('events.jsonl', b1.started(t.at(12)), a2.turnEnded(t.at(12), 0, { ...tools, durationMs: 100 }), b1.turnStarted(t.at(12), 0, 'hello'), a2.turnStarted(t.at(13), 1, 'exit 0'));
    h.tick();
    w.lines('events.jsonl', b1.turnEnded(t.at(13), 0, { ...tools, stop: 'EndTurn' }), b1.ended(t.at(13), true, null, 1, 1000), a2.turnEnded(t.at(14), 1, { ...tools, stop: 'EndTurn' }));
    w.lines('trajectory.jsonl', record(B, 'traj-b1', 12, 1));
    h.tick();
    expect(kinds(h.notices, rb1).at(-1)).toBe('run.ended:completed');
    // A's trajectory record lands before its run.ended line: held, then delivered after it, with no reset.
    w.lines('trajectory.jsonl', record(A, 'traj-a2', 10, 2));
    h.tick();
    expect(kinds(h.notices, ra2).some((k) => k.includes('trajectory.record'))).toBe(false);
    w.lines('events.jsonl', a2.ended(t.at(14), true, null, 2, 4000));
    h.tick();
    expect(kinds(h.notices, ra2).slice(-2)).toEqual(['delta:run.ended,trajectory.record', 'run.ended:completed']);
    expectLiveEqualsFresh(dir, h.tail, h.notices);
    expect(h.notices.filter((n) => n.kind === 'run.reset')).toEqual([]);
    expect(h.notices.filter((n) => n.kind === 'run.started').map((n) => (n as { runId: string }).runId)).toEqual([ra1, ra2, rb1]);

    // trajectory.jsonl truncated: every run it fed is reset and re-delivered; the host appends again.
    w.truncate('trajectory.jsonl');
    h.tick();
    expect(h.notices.filter((n) => n.kind === 'run.reset').map((n) => `${(n as { runId: string }).runId}:${(n as { reason: string }).reason}`).sort()).toEqual([ra1, ra2, rb1].map((r) => `${r}:truncated`).sort());
    expectLiveEqualsFresh(dir, h.tail, h.notices);
    w.lines('trajectory.jsonl', record(A, 'traj-a1', 0, 1));
    h.tick();
    expectLiveEqualsFresh(dir, h.tail, h.notices);

    // events.jsonl replaced by a new file (same lines plus B's next run): reset as `replaced`.
    const b2 = eventRun(B, 2);
    const rb2 = loopctlRunId(B, 2);
    w.replace('events.jsonl', `${w.text('events.jsonl')}${b2.started(t.at(20))}\n`);
    h.tick();
    // Like SQLite runs: reset, everything again, and the end told again (A's second record was truncated away).
    expect(kinds(h.notices, ra2).slice(-3)).toEqual(['run.reset:replaced', 'delta:run.started,turn.started,turn.ended,tool.call,tool.result,turn.ended,turn.started,turn.ended,run.ended', 'run.ended:completed']);
    expect(kinds(h.notices, rb2)).toEqual(['run.started:new', 'delta:run.started']);
    expectLiveEqualsFresh(dir, h.tail, h.notices);

    // B's third run starts before the second ended: the second is abandoned (crashed).
    const b3 = eventRun(B, 3);
    w.lines('events.jsonl', b2.turnStarted(t.at(20), 0, 'x'), b3.started(t.at(30)));
    h.tick();
    expect(kinds(h.notices, rb2).at(-1)).toBe('run.ended:crashed');
    expectLiveEqualsFresh(dir, h.tail, h.notices);

    // Quiet ticks change nothing; the folder holds exactly what the writer wrote.
    expect(h.tick()).toEqual([]);
    h.tail.stop();
    expect(hashTree(dir)).toEqual(w.expectedTree());
  });

  it('existing runs are a silent baseline; a trajectory record whose run.ended never comes is delivered after the hold', () => {
    const dir = newDir();
    const w = new LedgerTestWriter(dir);
    const a1 = eventRun(A, 1);
    w.lines('events.jsonl', a1.started(t.at(0)), a1.turnStarted(t.at(0), 0, 'hi'));
    const h = harness(dir, { replayExisting: false, holdTrajectoryMs: 500 });
    expect(h.tick()).toEqual([]);
    const ra1 = loopctlRunId(A, 1);
    w.lines('trajectory.jsonl', record(A, 'traj-a1', 0, 1));
    h.tick();
    expect(kinds(h.notices, ra1)).toEqual([]);
    h.tick(600);
    expect(kinds(h.notices, ra1)).toEqual(['delta:trajectory.record', 'run.ended:completed']);
    // The late run.ended line moves the record: the run is reset and delivered again, in file order.
    w.lines('events.jsonl', a1.ended(t.at(3), true, null, 1, 3000));
    h.tick();
    expect(kinds(h.notices, ra1).slice(2)).toEqual(['run.reset:rewritten', 'delta:run.started,turn.started,run.ended,trajectory.record', 'run.ended:completed']);
    expect(JSON.stringify(h.tail.fold().runs)).toBe(JSON.stringify(readLoopctlDir(dir, BUNDLED_PRICE_TABLE).runs));
    h.tail.stop();
    expect(hashTree(dir)).toEqual(w.expectedTree());
  });
});
