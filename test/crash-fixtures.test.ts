import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/events/envelope';
import { crashBoundary } from '../shared/fold/crash/crash-boundary';
import type { InFlightKind } from '../shared/fold/crash/crash-types';
import { buildHarnessView } from '../shared/fold/harness/harness-view';
import { materializeRunState } from '../shared/fold/run-state';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { readOuterLoop, listOuterLoopIds } from '../src-main/sources/little-workflow/outer-loops';
import { fixtureRun } from './support/fixture-manifest';

// The crash boundary, resume plan and harness view on the generated data dirs, each expected
// value following the format notes §5 (what a crash leaves, what a resume does).
function load(text: string) {
  const run = fixtureRun(text);
  const reader = openDataDir(run.dir);
  if (!reader.ok) throw new Error(reader.error.message);
  const events: EventEnvelope[] = [];
  for (const read of reader.value.readEvents(run.runId)) if (read.ok) events.push(read.event);
  reader.value.close();
  const state = materializeRunState(run.runId, events, { priceTable: BUNDLED_PRICE_TABLE });
  return { run, events, state };
}

const kindsOf = (text: string, lockOwner: 'dead' | 'none' = 'dead') => {
  const { events, state } = load(text);
  const boundary = crashBoundary(events, state, { lockOwner });
  return { boundary, kinds: new Set<InFlightKind>(boundary.inFlight.map((i) => i.kind)) };
};

describe('crash boundaries on the crashed fixtures', () => {
  it.each<[string, InFlightKind[]]>([
    ['crashed attempt-running', ['run', 'step-attempt']],
    ['crashed session-open', ['run', 'step-attempt', 'session']],
    ['crashed execute-step-open', ['run', 'step-attempt', 'session', 'execute-step']],
    ['crashed tool-call-in-flight', ['run', 'step-attempt', 'session', 'execute-step', 'tool-call']],
    ['crashed model-call-in-flight', ['run', 'step-attempt', 'session', 'model-call']],
    ['crashed parallel-branch-open', ['run', 'parallel-branch', 'parallel-group', 'tool-call']],
    ['crashed parallel-group-open', ['run', 'parallel-group']],
  ])('%s leaves %j in flight and is judged crashed', (text, expected) => {
    const { boundary, kinds } = kindsOf(text);
    for (const kind of expected) expect({ text, kind, present: kinds.has(kind) }).toEqual({ text, kind, present: true });
    expect(boundary.verdict.kind).toBe('crashed');
    expect(boundary.resumePlan.applicable).toBe(true);
  });

  it('a model call in flight is re-invoked with its callId and the running attempt resumed, not restarted', () => {
    const { events, state } = load('crashed model-call-in-flight');
    const plan = crashBoundary(events, state, { lockOwner: 'dead' }).resumePlan;
    const called = events.filter((e) => e.type === 'harness.model.called').at(-1)!;
    expect(plan.modelCallsReinvoked.map((c) => c.callId)).toEqual([(called.payload as { callId: string }).callId]);
    expect(plan.stepsResumed.map((s) => s.stepPath)).toEqual(['summarize']);
    expect(plan.stepsSkipped.map((s) => s.stepPath)).toContain('fetch');
    expect(plan.stepsRerun.filter((s) => s.newAttempt)).toEqual([]);
  });

  it('a tool call in flight is re-invoked with the same tool and args', () => {
    const { events, state } = load('crashed tool-call-in-flight');
    const started = events.filter((e) => e.type === 'harness.tool_call.started').at(-1)!.payload as { callId: string; toolName: string; args: unknown };
    const plan = crashBoundary(events, state, { lockOwner: 'dead' }).resumePlan;
    expect(plan.toolCallsReinvoked).toHaveLength(1);
    expect(plan.toolCallsReinvoked[0]).toMatchObject({ callId: started.callId, toolName: started.toolName, args: started.args });
  });

  it('a live lock owner means running, not crashed', () => {
    const { events, state } = load('crashed model-call-in-flight');
    expect(crashBoundary(events, state, { lockOwner: 'alive' }).verdict.kind).toBe('running');
  });

  it('the outer loop manifest names the crashed cycle run', () => {
    const run = fixtureRun('crashed outer-loop');
    const ids = listOuterLoopIds(run.dir);
    expect(ids.ok).toBe(true);
    const manifests = (ids.ok ? ids.value : []).map((id) => readOuterLoop(run.dir, id)).filter((r) => r.ok);
    const pending = manifests.map((m) => (m.ok ? m.value.manifest.pendingCycleRunId : undefined)).filter(Boolean);
    expect(pending).toContain(run.runId);
    const { events, state } = load('crashed outer-loop');
    const boundary = crashBoundary(events, state, { lockOwner: 'dead', pendingCycleRunId: run.runId });
    expect(boundary.inFlight.some((i) => i.kind === 'outer-loop-cycle' && i.isThisRun)).toBe(true);
  });
});

describe('resumed fixtures', () => {
  it.each([
    ['resumed after tool-call-in-flight', 17],
    ['resumed after model-call-in-flight', 42],
  ])('%s: one resume marker with the downtime, each call counted once, nothing in flight', (text, minutes) => {
    const { events, state } = load(text);
    const view = buildHarnessView(events);
    expect(view.resumes).toHaveLength(1);
    expect(Math.round((view.resumes[0].gapMs ?? 0) / 60_000)).toBe(minutes);
    const callIds = view.modelTurns.map((t) => t.callId);
    expect(new Set(callIds).size).toBe(callIds.length);
    expect([...view.modelTurns, ...view.toolCalls].every((item) => item.status !== 'in-flight')).toBe(true);
    expect(events.filter((e) => e.type === 'StepAttemptStarted').length).toBe(Object.keys(state.steps).length);
    expect(crashBoundary(events, state, { lockOwner: 'none' }).verdict.kind).toBe('completed');
  });

  it('resumed after attempt-running: no session had started, so no repeated session; the gap sits before the first session', () => {
    const { events, state } = load('resumed after attempt-running');
    expect(buildHarnessView(events).resumes).toEqual([]);
    const attempt = events.find((e) => e.type === 'StepAttemptStarted')!;
    const session = events.find((e) => e.type === 'harness.session.started')!;
    expect(Math.round((Date.parse(session.recordedAt) - Date.parse(attempt.recordedAt)) / 60_000)).toBe(5);
    expect(events.filter((e) => e.type === 'StepAttemptStarted').length).toBe(Object.keys(state.steps).length);
    expect(crashBoundary(events, state, { lockOwner: 'none' }).verdict.kind).toBe('completed');
  });
});
