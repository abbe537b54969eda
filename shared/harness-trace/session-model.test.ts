import { describe, expect, it } from 'vitest';
import { buildSessionModel, type FileChangeItem, type ModelCallItem, type OutcomeItem, type RuntimeItem } from './session-model';
import { readTrace } from './trace-reader';

const line = (sequence: number, type: string, metadata: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sequence}`, sequence, type, sessionId: 's', timestamp: '2026-06-03T00:00:00.000Z', metadata, ...extra });
const redacted = { captured: false, redacted: true, redactionReason: 'path' };
const model = { stepNumber: 1, model: { provider: 'p', modelId: 'm' } };
const blob = { bytes: 3, sha256: 'f'.repeat(64) };
const build = (lines: string[]) => buildSessionModel('s', { state: 'idle' }, readTrace(new TextEncoder().encode(`${lines.join('\n')}\n`)));

describe('buildSessionModel', () => {
  it('says redacted content is redacted: a model answer, a command stream, a diff', () => {
    const m = build([
      line(1, 'harness.model.called', { ...model, request: { promptHash: 'h', system: redacted, messages: [], tools: [] } }, { occurrenceId: 'o1' }),
      line(2, 'harness.model.responded', { ...model, text: redacted }, { occurrenceId: 'o1' }),
      line(3, 'harness.runtime.command.failed', { command: 'cat .env', exitCode: 1, durationMs: 4, stdout: redacted, stderr: { captured: true, preview: 'denied' } }),
      line(4, 'harness.file.updated', { path: '/session/.env', root: 'session', before: blob, after: blob, diff: { available: false, reason: 'redacted' } }),
    ]);
    const call = m.items[0] as ModelCallItem;
    expect([call.redacted, call.responsePreview, call.status]).toEqual([true, '[redacted]', 'succeeded']);
    const command = m.items[1] as RuntimeItem;
    expect(command.outputs).toEqual([
      { stream: 'stdout', preview: '', contentRef: undefined, bytes: undefined, redacted: true },
      { stream: 'stderr', preview: 'denied', contentRef: undefined, bytes: undefined, redacted: false },
    ]);
    expect([command.exitCode, command.durationMs]).toEqual([1, 4]);
    expect((m.items[2] as FileChangeItem).diff).toEqual({ kind: 'unavailable', reason: 'redacted' });
    expect(m.counts.redactions).toBe(3);
  });

  it('gives each item the line it starts on, and each outcome its fate in the session fold', () => {
    const outcome = (sequence: number, metadata: Record<string, unknown>) => line(sequence, 'outcome.reported', { source: 'chat-sdk', ...metadata });
    const m = build([
      line(1, 'harness.session.started', {}),
      '{broken',
      outcome(3_000_000_000_000_001, { status: 'failure', reportKey: 'k' }),
      outcome(3_000_000_000_000_002, { status: 'success', reportKey: 'k' }),
      outcome(3_000_000_000_000_003, { status: 'success', reportKey: 'k', retracted: true }),
      outcome(3_000_000_000_000_004, { status: 'partial', score: 0.5 }),
    ]);
    expect(m.items.map((i) => [i.kind, i.line])).toEqual([['event', 1], ['outcome', 3], ['outcome', 4], ['outcome', 5], ['outcome', 6]]);
    expect(m.items.filter((i): i is OutcomeItem => i.kind === 'outcome').map((o) => [o.status, o.retracted, o.fate])).toEqual([
      ['failure', false, 'superseded'],
      ['success', false, 'cleared'],
      ['success', true, 'retracted'],
      ['partial', false, 'counted'],
    ]);
    expect(m.counts).toMatchObject({ events: 5, invalidLines: 1, outcomes: 4 });
  });
});
