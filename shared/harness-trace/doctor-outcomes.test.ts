/**
 * Cases of little-harness's own tests (src/cli-core.test.ts, src/outcomes/aggregate.test.ts),
 * rebuilt here: the same trace lines must give the numbers its doctor and outcomes print.
 */
import { describe, expect, it } from 'vitest';
import { doctorExitCode, doctorReport } from './doctor';
import { aggregateOutcomes, foldOutcomes, outcomeFromEvent, outcomesReport, type OutcomeReport, type OutcomeStatus } from './outcomes';
import { readTrace, type TraceEvent } from './trace-reader';

const at = '2026-06-03T00:00:00.000Z';
const tool = { toolName: 'lookup', toolCallId: 'call_1', caller: 'model' };
const persistent = { harnessDir: '/persistent/project', commit: 'after-turn', durationMs: 12, changeCounts: { created: 0, updated: 0, deleted: 0 }, changes: { created: [], updated: [], deleted: [] } };
const line = (type: string, sequence: number, metadata: Record<string, unknown>) =>
  JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sequence}`, sequence, type, sessionId: 'chat_123', timestamp: at, metadata });
const read = (lines: string[]) => readTrace(new TextEncoder().encode(lines.join('\n')));

describe('doctor', () => {
  it('counts failures, invalid lines, spooled outputs, content refs and redactions as little-harness does', () => {
    const trace = read([
      line('harness.model.failed', 1, { stepNumber: 1, model: { provider: 'test' }, durationMs: 12, error: { name: 'Error', message: 'provider failed' }, message: 'provider failed', redacted: true }),
      line('harness.tool_call.failed', 2, { ...tool, toolName: 'shell', error: { name: 'Error', message: 'tool failed' } }),
      line('harness.persistent_dir.commit.failed', 3, { ...persistent, error: { name: 'Error', message: 'commit failed' } }),
      line('harness.model.responded', 4, { stepNumber: 1, model: {}, text: { captured: true, preview: 'large', truncated: true, contentRef: '/artifacts/trace/model-response/text.txt', bytes: 2048 } }),
      line('harness.tool_call.succeeded', 5, { ...tool, spooled: { path: '/artifacts/tool-results/lookup/call_1.txt', bytes: 2048, sha256: 'b'.repeat(64), mediaType: 'text/plain' } }),
      '{invalid json}',
      '',
    ]);
    const report = doctorReport('chat_123', trace);
    expect(report).toMatchObject({ sessionId: 'chat_123', eventCount: 5, failureCount: 3, invalidEventCount: 1, spooledOutputCount: 1, contentRefCount: 1, largeTraceArtifactCount: 1, redactionCount: 1, tornTail: null });
    expect(report.failures.map((f) => f.sequence)).toEqual([1, 2, 3]);
    expect(report.invalidEvents.map((i) => i.line)).toEqual([6]);
    expect(doctorExitCode(report)).toBe(2);
  });

  it('does not count generic content refs as spooled outputs (exit 0 when nothing failed)', () => {
    const trace = read([
      line('harness.model.responded', 1, { stepNumber: 1, model: {}, text: { captured: true, truncated: true, contentRef: '/artifacts/trace/model-response/text.txt', bytes: 2048 } }),
      line('harness.file.updated', 2, { path: '/session/file.txt', root: 'session', before: { bytes: 3, sha256: 'e' }, after: { bytes: 3, sha256: 'f' }, diff: { available: true, format: 'unified', preview: '@@ -1 +1 @@\n', truncated: true, contentRef: '/artifacts/trace/file-diffs/diff.patch', bytes: 24 } }),
      '',
    ]);
    const report = doctorReport('chat_123', trace);
    expect(report).toMatchObject({ spooledOutputCount: 0, contentRefCount: 2, largeTraceArtifactCount: 2 });
    expect(doctorExitCode(report)).toBe(0);
  });

  it('counts a torn last line as one invalid event (little-harness does) and names it', () => {
    const report = doctorReport('s', read([line('harness.session.started', 1, {}), '{"schemaVer']));
    expect(report.invalidEventCount).toBe(1);
    expect(report.tornTail).toEqual({ line: 2, bytes: 11 });
  });
});

let seq = 3_000_000_000_000_001;
const outcome = (status: OutcomeStatus, overrides: Partial<OutcomeReport> = {}): OutcomeReport => {
  seq += 1;
  return { eventId: `evt_${seq}`, sequence: seq, sessionId: 'slack:T1', timestamp: at, status, source: 'chat-sdk', metadata: {}, ...overrides };
};

describe('outcome folding', () => {
  it('lets the latest report of a reportKey win and keeps every event in one bucket', () => {
    const folded = foldOutcomes([outcome('failure', { reportKey: 'k1' }), outcome('success', { reportKey: 'k1' })]);
    expect(folded.counted.map((r) => r.status)).toEqual(['success']);
    expect(folded).toMatchObject({ eventCount: 2, supersededCount: 1 });
  });

  it('withdraws a verdict retracted with its own status, ignores a stale retraction in either order', () => {
    const undo = foldOutcomes([outcome('failure', { reportKey: 'k1' }), outcome('failure', { reportKey: 'k1', retracted: true })]);
    expect(undo).toMatchObject({ counted: [], retractedCount: 1, clearedCount: 1 });
    const down = outcome('failure', { reportKey: 'k1' });
    const up = outcome('success', { reportKey: 'k1' });
    const removeDown = outcome('failure', { reportKey: 'k1', retracted: true });
    expect(foldOutcomes([down, up, removeDown])).toMatchObject({ clearedCount: 0, counted: [up] });
    expect(foldOutcomes([down, removeDown, up]).counted).toEqual([up]);
  });

  it('gives every report one fate, and the counts are the fates counted', () => {
    const down = outcome('failure', { reportKey: 'k1' });
    const up = outcome('success', { reportKey: 'k1' });
    const other = outcome('failure', { reportKey: 'k2' });
    const undoOther = outcome('failure', { reportKey: 'k2', retracted: true });
    const loose = outcome('partial');
    const fold = foldOutcomes([undoOther, loose, up, other, down]);
    expect([down, up, other, undoOther, loose].map((r) => fold.fates.get(r))).toEqual(['superseded', 'counted', 'cleared', 'retracted', 'counted']);
    expect(fold).toMatchObject({ eventCount: 5, supersededCount: 1, retractedCount: 1, clearedCount: 1 });
    expect(fold.counted).toEqual([up, loose]);
  });

  it('orders by sequence, not by array order, and keeps two raters apart', () => {
    const first = outcome('failure', { reportKey: 'k1' });
    const second = outcome('success', { reportKey: 'k1' });
    expect(foldOutcomes([second, first]).counted[0].status).toBe('success');
    expect(foldOutcomes([outcome('failure', { reportKey: 'm:a' }), outcome('success', { reportKey: 'm:b' })]).counted).toHaveLength(2);
  });

  it('reports rates with their sample size at every level, null with no sample', () => {
    const report = aggregateOutcomes([outcome('success', { promptHash: 'p1' }), outcome('failure', { promptHash: 'p1' }), outcome('success', { promptHash: 'p2', stepPath: 'root/draft' })]);
    expect(report.overall).toEqual({ n: 3, success: 2, failure: 1, partial: 0, successRate: 2 / 3 });
    expect(report.byPromptHash).toEqual([
      { key: 'p1', n: 2, success: 1, failure: 1, partial: 0, successRate: 0.5 },
      { key: 'p2', n: 1, success: 1, failure: 0, partial: 0, successRate: 1 },
    ]);
    expect(report.unattributed).toEqual({ withoutPromptHash: 0, withoutStepPath: 2 });
    expect(aggregateOutcomes([]).overall).toEqual({ n: 0, success: 0, failure: 0, partial: 0, successRate: null });
  });

  it('splits known fields from caller metadata and ignores other events', () => {
    const event = { schemaVersion: 'lh.trace.v2', eventId: 'evt_1', sequence: 3_000_000_000_000_100, type: 'outcome.reported', sessionId: 'slack:T1', turnId: 'turn_1', timestamp: at, metadata: { status: 'failure', source: 'chat-sdk', promptHash: 'p1', reportKey: 'k1', reporter: 'anon_abc', surface: { platform: 'slack' } } } as TraceEvent;
    expect(outcomeFromEvent(event)).toEqual({ eventId: 'evt_1', sequence: 3_000_000_000_000_100, sessionId: 'slack:T1', turnId: 'turn_1', timestamp: at, status: 'failure', source: 'chat-sdk', promptHash: 'p1', reportKey: 'k1', reporter: 'anon_abc', metadata: { surface: { platform: 'slack' } } });
    expect(outcomeFromEvent({ ...event, type: 'harness.session.started' })).toBeUndefined();
  });

  it('gives the numbers of little-harness’s CLI test across two sessions', () => {
    const promptA = 'a'.repeat(64);
    const promptB = 'b'.repeat(64);
    const o = (sessionId: string, sequence: number, metadata: Record<string, unknown>) =>
      JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sessionId}_${sequence}`, sequence, type: 'outcome.reported', sessionId, timestamp: at, metadata: { source: 'chat-sdk', ...metadata } });
    const first = read([
      line('harness.model.called', 1, { stepNumber: 1, model: {}, request: { promptHash: promptA, system: { captured: false }, messages: [], tools: [] } }),
      o('chat_123', 3_000_000_000_000_001, { status: 'failure', promptHash: promptA, reportKey: 'k1' }),
      o('chat_123', 3_000_000_000_000_002, { status: 'success', promptHash: promptA, reportKey: 'k1' }),
      '',
    ]);
    const second = read([
      o('chat_456', 3_000_000_000_000_003, { status: 'failure', promptHash: promptA, reportKey: 'k2' }),
      o('chat_456', 3_000_000_000_000_004, { status: 'success', promptHash: promptB, stepPath: 'root/draft', reportKey: 'k3' }),
      '',
    ]);
    const sessions = [
      { sessionId: 'chat_456', events: second.events.map((r) => r.event), invalidEventCount: 0 },
      { sessionId: 'chat_123', events: first.events.map((r) => r.event), invalidEventCount: 0 },
    ];
    expect(outcomesReport(sessions)).toEqual({
      sessionIds: ['chat_123', 'chat_456'],
      invalidEventCount: 0,
      eventCount: 4,
      countedCount: 3,
      supersededCount: 1,
      retractedCount: 0,
      clearedCount: 0,
      overall: { n: 3, success: 2, failure: 1, partial: 0, successRate: 2 / 3 },
      byPromptHash: [
        { key: promptA, n: 2, success: 1, failure: 1, partial: 0, successRate: 0.5 },
        { key: promptB, n: 1, success: 1, failure: 0, partial: 0, successRate: 1 },
      ],
      byStepPath: [{ key: 'root/draft', n: 1, success: 1, failure: 0, partial: 0, successRate: 1 }],
      unattributed: { withoutPromptHash: 0, withoutStepPath: 2 },
    });
    expect(outcomesReport([sessions[1]])).toMatchObject({ sessionIds: ['chat_123'], eventCount: 2, countedCount: 1, overall: { n: 1, success: 1, failure: 0, partial: 0, successRate: 1 } });
  });
});
