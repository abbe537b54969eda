import { describe, expect, it, vi } from 'vitest';
import { diagnostic } from '../../shared/diagnostics';

// The run's whole output and the step seek moved from views into this store: the answers of
// `run.artifact`, `run.event` and `run.seek` (a fake api below) become what the views show.
const asked: Array<{ channel: string; request: unknown }> = [];
const answers: Record<string, unknown> = {};
vi.mock('../api', () => ({
  api: new Proxy({}, { get: (_t, channel: string) => async (request: unknown) => (asked.push({ channel, request }), answers[channel]) }),
}));

const { fetchRunOutput, seekStepBoundary } = await import('./run-pieces');
const ref = { dataDir: '/d', runId: 'run_1' };

describe('run pieces', () => {
  it('an artifact output shows its payload preview, a cut one marked as cut', async () => {
    answers['run.artifact'] = { ok: true, value: { payload: { truncated: true, text: '{"a":', totalChars: 12000 } } };
    expect(await fetchRunOutput(ref, { kind: 'artifact', ref: 'art_1' })).toEqual({ phase: 'ready', value: '{"a":… (12,000 characters; cut)' });
    expect(asked.at(-1)).toEqual({ channel: 'run.artifact', request: { dataDir: '/d', runId: 'run_1', ref: 'art_1' } });
  });

  it("an event output shows the RunCompleted payload's output; an omitted payload says why; a failure stays typed", async () => {
    answers['run.event'] = { ok: true, value: { event: { payload: { output: { answer: 42 } } } } };
    expect(await fetchRunOutput(ref, { kind: 'event', sequence: 31 })).toEqual({ phase: 'ready', value: { answer: 42 } });
    expect(asked.at(-1)).toEqual({ channel: 'run.event', request: { dataDir: '/d', runId: 'run_1', sequence: 31 } });
    answers['run.event'] = { ok: true, value: { event: null, omittedBytes: 5_000_000 } };
    const omitted = await fetchRunOutput(ref, { kind: 'event', sequence: 31 });
    expect(omitted.phase === 'error' && omitted.error.code).toBe('unsupported');
    answers['run.event'] = { ok: false, error: diagnostic('internal', 'no event 31') };
    expect(await fetchRunOutput(ref, { kind: 'event', sequence: 31 })).toEqual({ phase: 'error', error: diagnostic('internal', 'no event 31') });
  });

  it('the step seek asks for the run and direction only (never the as-of position)', async () => {
    answers['run.seek'] = { ok: true, value: 17 };
    expect(await seekStepBoundary({ ...ref, at: 9 } as typeof ref, 12, 'previous')).toEqual({ ok: true, value: 17 });
    expect(asked.at(-1)).toEqual({ channel: 'run.seek', request: { dataDir: '/d', runId: 'run_1', from: 12, direction: 'previous' } });
  });
});
