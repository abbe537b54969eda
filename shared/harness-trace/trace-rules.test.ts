import { describe, expect, it } from 'vitest';
import { traceEventProblem } from './trace-rules';

const base = { schemaVersion: 'lh.trace.v2', eventId: 'evt_1', sequence: 1, sessionId: 'chat_123', timestamp: '2026-06-03T00:00:00.000Z' };
const ev = (type: string, metadata?: unknown, extra: Record<string, unknown> = {}) => ({ ...base, type, ...(metadata === undefined ? {} : { metadata }), ...extra });
const content = { captured: false };
const blob = { bytes: 3, sha256: 'f'.repeat(64) };
const noDiff = { available: false, reason: 'disabled' };

describe('trace rules (little-harness validateTraceEvent)', () => {
  it('accepts a minimal valid line of the envelope families, metadata defaulting to {}', () => {
    expect(traceEventProblem(ev('harness.session.started'))).toBeNull();
    expect(traceEventProblem(ev('harness.execute_step.started', { anything: [1, 2] }))).toBeNull();
    expect(traceEventProblem(ev('harness.model.called', { stepNumber: 1, model: {}, request: { promptHash: 'p', system: content, messages: [{ role: 'user', content }], tools: [] } }))).toBeNull();
    expect(traceEventProblem(ev('harness.file.updated', { path: '/.agents/skills/a.md', root: 'agents', before: blob, after: blob, diff: noDiff }))).toBeNull();
    expect(traceEventProblem(ev('harness.file.created', { path: '/mnt/data/x', root: 'mnt', after: blob, diff: noDiff }))).toBeNull();
    expect(traceEventProblem(ev('outcome.reported', { status: 'partial', source: 'chat-sdk' }, { sequence: 3_000_000_000_000_001, timestamp: '2026-06-03T00:00:00+02:00' }))).toBeNull();
  });

  it.each([
    ['missing eventId', { ...ev('harness.session.started'), eventId: undefined }, 'eventId'],
    ['sequence 0', ev('harness.session.started', {}, { sequence: 0 }), 'sequence'],
    ['fractional sequence', ev('harness.session.started', {}, { sequence: 1.5 }), 'sequence'],
    ['unknown type', ev('harness.session.paused'), 'type'],
    ['schema v1', ev('harness.session.started', {}, { schemaVersion: 'lh.trace.v1' }), 'schemaVersion'],
    ['timestamp without offset', ev('harness.session.started', {}, { timestamp: '2026-06-03 00:00' }), 'timestamp'],
    ['metadata array', ev('harness.session.started', []), 'metadata'],
    ['empty occurrenceId', ev('harness.session.started', {}, { occurrenceId: '' }), 'occurrenceId'],
    ['extra key on strict content', ev('harness.model.responded', { stepNumber: 1, model: {}, text: { captured: true, extra: 1 } }), 'metadata.text'],
    ['contentRef outside /artifacts/trace/', ev('harness.model.responded', { stepNumber: 1, model: {}, text: { captured: true, contentRef: '/session/x' } }), 'metadata.text.contentRef'],
    ['file path outside its root', ev('harness.file.created', { path: '/etc/passwd', root: 'session', after: blob, diff: noDiff }), 'file path must belong to root'],
    ['updated without before', ev('harness.file.updated', { path: '/session/a', root: 'session', after: blob, diff: noDiff }), 'metadata.before'],
    ['unknown diff reason', ev('harness.file.deleted', { path: '/session/a', root: 'session', before: blob, diff: { available: false, reason: 'nope' } }), 'metadata.diff'],
    ['mount dir not matching its root', ev('harness.filesystem.mounted', { root: 'agents', harnessDir: '/agents', source: 'skill', writable: false, fileCount: 0, files: [] }), 'harnessDir must match root'],
    ['denied without reasons', ev('harness.runtime.command.denied', { command: 'rm -rf /' }), 'metadata.reasons'],
    ['tier with unknown trigger', ev('harness.runtime.tier.escalated', { from: 'a', to: 'b', trigger: 'whim', command: 'x' }), 'metadata.trigger'],
    ['tool failure without an error envelope', ev('harness.tool_call.failed', { toolName: 't', toolCallId: 'c', caller: 'model', error: 'text only' }), 'metadata.error'],
    ['spooled output outside /artifacts/', ev('harness.tool_call.succeeded', { toolName: 't', toolCallId: 'c', caller: 'model', spooled: { path: '/session/out.txt' } }), 'metadata.spooled.path'],
    ['outcome with an unknown status', ev('outcome.reported', { status: 'meh', source: 's' }), 'metadata.status'],
    ['persistent dir outside /persistent', ev('harness.persistent_dir.commit.started', { harnessDir: '/session/p', commit: 'manual', changeCounts: { created: 0, updated: 0, deleted: 0 }, changes: { created: [], updated: [], deleted: [] } }), 'metadata.harnessDir'],
  ])('rejects %s', (_name, value, where) => {
    expect(traceEventProblem(value)).toContain(where);
  });

  it('accepts a runtime error given as plain text but not a model failure so', () => {
    expect(traceEventProblem(ev('harness.runtime.dispose.failed', { error: 'teardown timed out' }))).toBeNull();
    expect(traceEventProblem(ev('harness.model.failed', { stepNumber: 1, model: {}, durationMs: 0, error: 'x' }))).toContain('metadata.error');
  });
});
