import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import type { LiveEventSummary, LiveRunSummary } from '../../shared/live/live-types';
import { run } from '../../test/support/library-runs';
import { ageLabel, anyActive, applyPushes, createFrameBatcher, overlayRun, secondsSince, type FrameScheduler } from './live-reducer';
import { runKey } from '../../shared/run/run-key';

const DIR = '/d/a';
const RUN = 'run_live';
const KEY = runKey(DIR, RUN);

function summary(over: Partial<LiveRunSummary> = {}): LiveRunSummary {
  return {
    runId: RUN, dataDir: DIR, status: 'running', phase: 'active', eventCount: 3, lastSequence: 3, lastEventType: 'StepAttemptStarted',
    lastEventAt: '2026-11-20T10:00:03.000Z', startedAt: '2026-11-20T10:00:00.000Z', finishedAt: null, inputTokens: 0, outputTokens: 0,
    costUsd: null, runningSteps: ['fetch'], foldError: null, ...over,
  };
}
const event = (sequence: number, type = 'X'): LiveEventSummary => ({ sequence, type, recordedAt: `2026-11-20T10:00:0${sequence}.000Z`, eventId: `evt_${sequence}` });
const delta = (events: LiveEventSummary[], over: Partial<LiveRunSummary> = {}, skipped = 0): PushMessage => ({
  kind: 'run.delta', dataDir: DIR, runId: RUN, events, skipped, summary: summary({ eventCount: events.at(-1)?.sequence ?? 0, lastSequence: events.at(-1)?.sequence ?? 0, ...over }),
});

describe('applyPushes', () => {
  it('applies deltas in order: rows appended per run, the newest summary kept', () => {
    const frame = applyPushes({}, [delta([event(1), event(2)]), delta([event(3)])]);
    expect(frame.appended[KEY].map((e) => e.sequence)).toEqual([1, 2, 3]);
    expect(frame.runs[KEY].summary.eventCount).toBe(3);
    expect(frame.runs[KEY].ended).toBeNull();
    expect(anyActive(frame.runs)).toBe(true);
  });

  it('turns a running run crashed when its lock owner dies, and live again when it resumes', () => {
    const started = applyPushes({}, [delta([event(1)])]).runs;
    const crashed = applyPushes(started, [{ kind: 'run.ended', dataDir: DIR, runId: RUN, reason: 'crashed', summary: summary({ phase: 'crashed', eventCount: 1 }) }]);
    expect(crashed.ended[KEY]).toBe('crashed');
    expect(crashed.runs[KEY]).toMatchObject({ ended: 'crashed', summary: { phase: 'crashed' } });
    expect(anyActive(crashed.runs)).toBe(false);
    expect(overlayRun(run(RUN, { status: 'running', eventCount: 1, finishedAt: null }), crashed.runs[KEY])).toMatchObject({ crashed: true, status: 'running' });
    const resumed = applyPushes(crashed.runs, [{ kind: 'run.started', dataDir: DIR, runId: RUN, reason: 'resumed', summary: summary({ eventCount: 1 }) }, delta([event(2)])]);
    expect(resumed.runs[KEY]).toMatchObject({ ended: null, summary: { phase: 'active' } });
    expect(overlayRun(run(RUN, { status: 'running', crashed: true, eventCount: 1 }), resumed.runs[KEY]).crashed).toBe(false);
  });

  it('marks a run done when its terminal event lands', () => {
    const done = applyPushes({}, [
      delta([event(4, 'RunCompleted')], { status: 'completed', phase: 'ended', finishedAt: '2026-11-20T10:00:04.000Z' }),
      { kind: 'run.ended', dataDir: DIR, runId: RUN, reason: 'completed', summary: summary({ status: 'completed', phase: 'ended', eventCount: 4 }) },
    ]);
    const row = overlayRun(run(RUN, { status: 'running', eventCount: 2, finishedAt: null }), done.runs[KEY]);
    expect(row).toMatchObject({ status: 'completed', crashed: false, eventCount: 4, verdict: null });
  });

  it('a reset drops the rows of the frame before it and counts the rewrite', () => {
    const frame = applyPushes({}, [
      delta([event(1), event(2)]),
      { kind: 'run.reset', dataDir: DIR, runId: RUN, reason: 'rewritten', summary: summary({ eventCount: 0, lastSequence: 0 }) },
      delta([event(1, 'Y')]),
    ]);
    expect(frame.reset[KEY]).toBe('rewritten');
    expect(frame.appended[KEY].map((e) => e.type)).toEqual(['Y']);
    expect(frame.runs[KEY]).toMatchObject({ resets: 1, lastReset: 'rewritten' });
  });

  it('keeps skipped counts, the latest snapshot, forgets removed runs, and leaves its input alone', () => {
    const before = applyPushes({}, [delta([event(1)])]).runs;
    const frozen = JSON.stringify(before);
    const snapshot = { root: '/d', dataDirs: [], runs: [] } as never;
    const frame = applyPushes(before, [
      delta([event(9)], {}, 5),
      { kind: 'library.changed', snapshot: { ...(snapshot as object), root: '/old' } as never },
      { kind: 'library.changed', snapshot },
      { kind: 'run.ended', dataDir: DIR, runId: RUN, reason: 'removed', summary: summary() },
    ]);
    expect(frame.skipped[KEY]).toBe(5);
    expect(frame.snapshot).toBe(snapshot);
    expect(frame.runs[KEY]).toBeUndefined();
    expect(JSON.stringify(before)).toBe(frozen);
  });
});

describe('overlayRun', () => {
  it('draws the live summary over an older row, never over a newer one', () => {
    const live = applyPushes({}, [delta([event(1), event(2), event(3)], { inputTokens: 50, outputTokens: 5, costUsd: 0.01 })]).runs[KEY];
    const older = run(RUN, { status: 'running', eventCount: 2, finishedAt: null });
    expect(overlayRun(older, live)).toMatchObject({ eventCount: 3, lastSequence: 3, inputTokens: 50, costUsd: 0.01, lastEventType: 'StepAttemptStarted' });
    const newer = run(RUN, { eventCount: 7 });
    expect(overlayRun(newer, live)).toBe(newer);
    expect(overlayRun(newer, undefined)).toBe(newer);
  });
});

describe('createFrameBatcher', () => {
  it('hands over everything pushed before a frame once, merged like the transports do', () => {
    const frames: (() => void)[] = [];
    const schedule: FrameScheduler = (callback) => {
      frames.push(callback);
      return () => frames.splice(frames.indexOf(callback), 1);
    };
    const flushed: PushMessage[][] = [];
    const batcher = createFrameBatcher((messages) => flushed.push(messages), schedule);
    for (let i = 1; i <= 100; i += 1) batcher.push(delta([event(i)]));
    batcher.push({ kind: 'library.changed', snapshot: {} as never });
    expect(frames).toHaveLength(1);
    expect(flushed).toHaveLength(0);
    frames.shift()!();
    expect(flushed).toHaveLength(1);
    expect(flushed[0].map((m) => m.kind)).toEqual(['run.delta', 'library.changed']);
    const merged = flushed[0][0] as Extract<PushMessage, { kind: 'run.delta' }>;
    expect(merged.events.map((e) => e.sequence)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Nothing queued: no frame is asked for; a new push asks for exactly one.
    expect(frames).toHaveLength(0);
    batcher.push(delta([event(101)]));
    batcher.push(delta([event(102)]));
    expect(frames).toHaveLength(1);
    batcher.flushNow();
    expect(frames).toHaveLength(0);
    expect(flushed).toHaveLength(2);
  });
});

describe('ages', () => {
  it('counts whole seconds since the last event and words them', () => {
    const now = Date.parse('2026-11-20T10:00:10.900Z');
    expect(secondsSince('2026-11-20T10:00:03.000Z', now)).toBe(7);
    expect(secondsSince('2026-11-20T10:00:13.000Z', now)).toBe(0);
    expect(secondsSince(null, now)).toBeNull();
    expect([ageLabel(3), ageLabel(125), ageLabel(7300)]).toEqual(['3 s', '2 min', '2 h']);
  });
});
