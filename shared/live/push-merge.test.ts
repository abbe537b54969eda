import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../contract';
import type { LiveRunSummary } from './live-types';
import { mergePush } from './push-merge';
import { liveSummary } from '../../test/support/live-summary';

const summary = (runId: string, lastSequence: number): LiveRunSummary => ({ ...liveSummary, runId, eventCount: lastSequence, lastSequence });
const delta = (runId: string, from: number, count: number): PushMessage => ({
  kind: 'run.delta',
  dataDir: '/d',
  runId,
  events: Array.from({ length: count }, (_, i) => ({ sequence: from + i, type: 'X', recordedAt: '', eventId: `evt_${from + i}` })),
  skipped: 0,
  summary: summary(runId, from + count - 1),
});

describe('mergePush', () => {
  it('concatenates deltas of a run, keeps the newest summary, leaves other runs and notices in order', () => {
    let queue: PushMessage[] = [];
    queue = mergePush(queue, { kind: 'run.started', dataDir: '/d', runId: 'run_a', reason: 'new', summary: summary('run_a', 0) });
    queue = mergePush(queue, delta('run_a', 1, 2));
    queue = mergePush(queue, delta('run_b', 1, 1));
    queue = mergePush(queue, delta('run_a', 3, 2));
    expect(queue.map((m) => m.kind)).toEqual(['run.started', 'run.delta', 'run.delta']);
    const a = queue[1];
    expect(a.kind === 'run.delta' && a.events.map((e) => e.sequence)).toEqual([1, 2, 3, 4]);
    expect(a.kind === 'run.delta' && a.summary.lastSequence).toBe(4);
    queue = mergePush(queue, { kind: 'run.ended', dataDir: '/d', runId: 'run_a', reason: 'completed', summary: summary('run_a', 4) });
    queue = mergePush(queue, delta('run_a', 5, 1));
    expect(queue.map((m) => m.kind)).toEqual(['run.started', 'run.delta', 'run.delta', 'run.ended', 'run.delta']);
  });

  it('caps a merged delta and counts what it left out, so a stalled reader cannot grow the queue forever', () => {
    let queue: PushMessage[] = [];
    for (let i = 0; i < 10; i += 1) queue = mergePush(queue, delta('run_a', i * 100 + 1, 100), 250);
    const only = queue[0];
    expect(queue).toHaveLength(1);
    expect(only.kind === 'run.delta' && only.events.length).toBe(250);
    expect(only.kind === 'run.delta' && only.skipped).toBe(750);
    expect(only.kind === 'run.delta' && only.events[0].sequence).toBe(751);
  });

  it('keeps only the newest library snapshot', () => {
    const snap = (root: string) => ({ kind: 'library.changed', snapshot: { root } }) as unknown as PushMessage;
    const queue = mergePush(mergePush(mergePush([], snap('/1')), delta('run_a', 1, 1)), snap('/2'));
    expect(queue.map((m) => (m.kind === 'library.changed' ? m.snapshot.root : m.kind))).toEqual(['run.delta', '/2']);
  });

  it('keeps only the newest queued progress of each OTLP send, behind the other messages', () => {
    const progress = (jobId: string, spansSent: number): PushMessage => ({
      kind: 'otlp.progress',
      progress: { jobId, phase: 'sending', runsDone: 0, runsTotal: 1, spansSent, runSpansSent: spansSent, runSpansTotal: 2048 },
    });
    let queue: PushMessage[] = [];
    for (const message of [progress('a', 512), progress('b', 512), delta('run_a', 1, 1), progress('a', 1024)]) queue = mergePush(queue, message);
    expect(queue.map((m) => (m.kind === 'otlp.progress' ? `${m.progress.jobId}:${m.progress.spansSent}` : m.kind))).toEqual(['b:512', 'run.delta', 'a:1024']);
  });
});
