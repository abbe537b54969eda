import { appendFileSync, cpSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIG_RESULT_HASH, LOOPCTL_SESSIONS } from '../../../scripts/fixtures/loopctl/loopctl-scenario';
import { loopctlRunId } from '../../../shared/loopctl/segment-events';
import { discover } from '../fs/discovery';
import { openLedgerTail } from './loopctl-tail';
import { openLoopctlDir, readLoopctlDir } from './loopctl-reader';
import { hashTree } from '../../../test/support/store-test-fixtures';

const FIXTURES = join(__dirname, '../../../examples/fixtures/loopctl');
const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'li-loopctl-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const line = (seq: number, kind: string, data: Record<string, unknown> = {}, turn: number | null = null) =>
  `${JSON.stringify({ seq, ts: '2026-09-01T10:00:00Z', run_id: 1, session_id: 's-1', turn, kind, data })}\n`;

describe('openLedgerTail', () => {
  it('returns appended lines only once complete (half a line, then the rest)', () => {
    const dir = temp();
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, line(1, 'run.started'));
    const tail = openLedgerTail(path, 'events.jsonl', { chunkBytes: 7 });
    expect(tail.readNew().lines.map((l) => l.line)).toEqual([1]);
    const next = line(2, 'turn.started', { query: 'hé ✓' }, 0);
    const cut = Buffer.from(next).subarray(0, 60);
    appendFileSync(path, cut);
    expect(tail.readNew()).toMatchObject({ lines: [], reset: null });
    expect(tail.settle().diagnostics[0]).toMatchObject({ detail: { line: 2, torn: true } });
    appendFileSync(path, Buffer.from(next).subarray(60));
    const read = tail.readNew();
    expect(read.lines).toEqual([{ line: 2, value: expect.objectContaining({ data: { query: 'hé ✓' } }) }]);
    expect(tail.offset()).toBe(Buffer.byteLength(line(1, 'run.started') + next));
    tail.close();
  });

  it('bounds each read and reports that more is waiting', () => {
    const dir = temp();
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, Array.from({ length: 50 }, (_, i) => line(i + 1, 'turn.started', { query: 'x'.repeat(100) }, 0)).join(''));
    const tail = openLedgerTail(path, 'events.jsonl', { chunkBytes: 256, maxBytes: 1024 });
    const first = tail.readNew();
    expect(first.more).toBe(true);
    expect(first.lines.length).toBeLessThan(50);
    let total = first.lines.length;
    for (let read = tail.readNew(); ; read = tail.readNew()) {
      total += read.lines.length;
      if (!read.more) break;
    }
    expect(total).toBe(50);
    tail.close();
  });

  it('re-reads from 0 with a notice after truncation and after replacement', () => {
    const dir = temp();
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, line(1, 'run.started') + line(2, 'run.ended', { success: true, error: null, total_turns: 0, duration_ms: 1 }));
    const tail = openLedgerTail(path, 'events.jsonl');
    expect(tail.readNew().lines).toHaveLength(2);
    truncateSync(path, 0);
    writeFileSync(path, line(1, 'run.started'));
    const truncated = tail.readNew();
    expect(truncated).toMatchObject({ reset: 'truncated', lines: [{ line: 1 }] });
    expect(truncated.diagnostics[0]!.message).toContain('shrank');
    writeFileSync(join(dir, 'next.jsonl'), line(1, 'run.started') + line(2, 'compaction', { tokens_before: 2, tokens_after: 1, tokens_saved: 1, evicted_messages: 1, reason: 'Manual' }));
    renameSync(join(dir, 'next.jsonl'), path);
    const replaced = tail.readNew();
    expect(replaced).toMatchObject({ reset: 'replaced', lines: [{ line: 1 }, { line: 2 }] });
    tail.close();
  });
});

describe('loopctl data dirs', () => {
  it('folds the fixture ledgers: result_hash beyond 2^53 survives exactly', () => {
    const fold = readLoopctlDir(join(FIXTURES, 'ledgers'), BUNDLED_PRICE_TABLE);
    expect(fold.runs.map((r) => r.id)).toEqual([
      loopctlRunId(LOOPCTL_SESSIONS.a, 1),
      loopctlRunId(LOOPCTL_SESSIONS.a, 2),
      loopctlRunId(LOOPCTL_SESSIONS.b, 1),
      loopctlRunId(LOOPCTL_SESSIONS.b, 2),
    ]);
    const a2 = fold.runs[1]!;
    expect(a2.toolCalls[0]!.resultHash).toBe(BIG_RESULT_HASH.toString());
    expect(a2).toMatchObject({ outcome: 'partial', outcomeSource: 'trajectory', matchedBy: 'time' });
    const a1 = fold.runs[0]!;
    expect(a1.toolCalls.map((c) => `${c.callId}#${c.attempt}:${c.status}`)).toEqual(['call_bash_1#1:failed', 'call_bash_1#2:succeeded', 'call_read_a#1:succeeded', 'call_read_b#1:succeeded']);
    expect(a1.modelTurns.map((t) => [t.usage, t.durationMs, t.model?.modelId, t.costUsd])).toEqual([
      [{ inputTokens: 1200, outputTokens: 160 }, 2200, 'claude-sonnet-4-6', 0.006],
      [{ inputTokens: 2400, outputTokens: 310 }, 2900, 'acme-large-2', null],
    ]);
    expect(a1.timeline.map((e) => e.kind)).toEqual(['compaction', 'model.switched']);
    expect(fold.runs[2]!.usage.costUsd).toBeNull();
    expect(fold.runs[3]).toMatchObject({ ended: false, abandoned: false, eventCount: 3 });
    expect(fold.diagnostics.map((d) => [d.code, d.detail?.line, d.detail?.torn])).toEqual([['payload-unparsable', 37, true]]);
  });

  it('matches a run whose start was rotated away to its record by end time', () => {
    const fold = readLoopctlDir(join(FIXTURES, 'rotated'), BUNDLED_PRICE_TABLE);
    expect(fold.runs.map((r) => [r.startSeen, r.matchedBy, r.outcome, r.startedAt])).toEqual([
      [false, 'time', 'success', '2026-09-02T08:00:00Z'],
      [true, 'time', 'failure', '2026-09-02T08:00:10Z'],
    ]);
  });

  it('a tailed dir drops a replaced file\'s old lines and never writes a byte', () => {
    const dir = temp();
    cpSync(join(FIXTURES, 'ledgers'), dir, { recursive: true });
    const before = hashTree(dir);
    const reader = openLoopctlDir(dir);
    reader.refresh();
    expect(reader.fold(BUNDLED_PRICE_TABLE).runs).toHaveLength(4);
    expect(hashTree(dir)).toEqual(before);
    writeFileSync(join(dir, 'new.jsonl'), line(1, 'run.started'));
    renameSync(join(dir, 'new.jsonl'), join(dir, 'events.jsonl'));
    const refresh = reader.refresh();
    expect(refresh.resets).toEqual({ 'events.jsonl': 'replaced' });
    const runs = reader.fold(BUNDLED_PRICE_TABLE).runs;
    // Three trajectory records no longer find their events: they stand alone; plus the new run.
    expect(runs.filter((r) => r.eventsRunId !== null).map((r) => r.sessionId)).toEqual(['s-1']);
    expect(runs).toHaveLength(4);
    reader.close();
  });

  it('discovery recognises the folders as loopctl data dirs without writing', () => {
    const before = hashTree(FIXTURES);
    const found = discover(FIXTURES);
    expect(found.dataDirs.map((d) => [d.label, d.format, d.runCount])).toEqual([
      ['ledgers', 'loopctl', 4],
      ['rotated', 'loopctl', 2],
    ]);
    expect(hashTree(FIXTURES)).toEqual(before);
  });
});
