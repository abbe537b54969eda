import { describe, expect, it } from 'vitest';
import { fixtureRun } from './support/fixture-manifest';
import { openedCore as openCore } from './support/opened-core';
import { formatRunReportTable } from '../shared/report/run-report-table';
import { sliceItems } from '../shared/run/run-head-types';

// The run-level channels on the generated fixtures, through the core's handlers.

describe('run channels', () => {
  it('run.detail of a crashed run carries the boundary, resume plan, lock and report totals; steps and turns come by window', async () => {
    const core = await openCore();
    const run = fixtureRun('crashed model-call-in-flight');
    const ref = { dataDir: run.dir, runId: run.runId };
    const head = await core.handlers['run.detail'](ref);
    if (!head.ok) throw new Error(head.error.message);
    const d = head.value;
    expect(d.summary.crashed).toBe(true);
    expect(d.lock.state).toBe('crashed');
    expect(d.boundary?.verdict.kind).toBe('crashed');
    expect(d.boundary?.resumePlan.modelCallsReinvoked).toHaveLength(1);
    // The plan's re-invoked turn is named in the head, so the crash view can link its session.
    const reinvoked = d.boundary!.resumePlan.modelCallsReinvoked[0].modelTurnId;
    expect(d.harness.refs.modelTurns[reinvoked]?.status).toBe('in-flight');
    expect(d.report?.runId).toBe(run.runId);
    expect(d.report?.rowCount).toBe(2);
    expect(d.harness.counts.inFlightTurns).toBe(1);
    expect(d.harness.initial).toEqual({ kind: 'turn', id: reinvoked });
    expect(d.steps.count).toBe(2);
    const steps = await core.handlers['run.slice']({ ...ref, spec: { section: 'steps', from: 0, count: 10, find: 'summarize' } });
    if (!steps.ok) throw new Error(steps.error.message);
    expect(sliceItems(steps.value, 'steps').map((s) => s.stepPath)).toEqual(['fetch', 'summarize']);
    expect(steps.value.found).toBe(1);
    const turns = await core.handlers['run.slice']({ ...ref, spec: { section: 'turns', from: 0, count: 100, find: { kind: 'turn', id: reinvoked } } });
    if (!turns.ok) throw new Error(turns.error.message);
    expect(turns.value.items[turns.value.found!]).toEqual({ kind: 'turn', turnId: reinvoked });
    expect(turns.value.refs?.modelTurns[reinvoked]?.status).toBe('in-flight');
    // Bodies stay on disk: no request or response objects cross the contract.
    expect(JSON.stringify(d)).not.toContain('"request"');
    expect(JSON.stringify(turns.value)).not.toContain('"request"');
  });

  it('serves a step with its sessions, a harness item with its neighbours, the costs and the report text', async () => {
    const core = await openCore();
    const run = fixtureRun('crashed model-call-in-flight');
    const ref = { dataDir: run.dir, runId: run.runId };
    const full = await core.runDetail(ref);
    if (!full.ok) throw new Error(full.error.message);
    const session = full.value.harness.sessions.find((s) => s.stepPath !== undefined)!;
    const step = await core.handlers['run.step']({ ...ref, stepPath: session.stepPath! });
    expect(step.ok && step.value.sessions.map((s) => s.id)).toContain(session.id);
    const missing = await core.handlers['run.step']({ ...ref, stepPath: 'no/such/step' });
    expect(!missing.ok && missing.error.code).toBe('item-not-found');
    const turn = full.value.harness.modelTurns.find((t) => t.toolCallItemIds.length > 0) ?? full.value.harness.modelTurns[0];
    const refs = await core.handlers['run.harness']({ ...ref, kind: 'turn', id: turn.id });
    if (!refs.ok) throw new Error(refs.error.message);
    expect(refs.value.modelTurns[turn.id]?.id).toBe(turn.id);
    expect(Object.keys(refs.value.toolCalls).map(Number)).toEqual(turn.toolCallItemIds);
    expect((await core.handlers['run.harness']({ ...ref, kind: 'tool', id: 10_000 })).ok).toBe(false);
    const costs = await core.handlers['run.costs'](ref);
    if (!costs.ok) throw new Error(costs.error.message);
    expect(costs.value.callCount).toBe(full.value.harness.modelTurns.filter((t) => t.respondedAt !== undefined).length);
    const text = await core.handlers['run.reportText'](ref);
    // The same text `little-inspector report --table` prints (checked against the CLI in e2e).
    expect(text.ok && text.value).toBe(formatRunReportTable(full.value.report!));
    expect(text.ok && text.value).toMatch(/\nSTEP\s+IN\s+CACHED/);
  });

  it('a head and its windows name the same build; a rebuilt model has a new one, so the renderer refetches', async () => {
    const core = await openCore();
    const run = fixtureRun('crashed model-call-in-flight');
    const ref = { dataDir: run.dir, runId: run.runId };
    const first = await core.handlers['run.detail'](ref);
    const slice = await core.handlers['run.slice']({ ...ref, spec: { section: 'steps', from: 0, count: 1 } });
    const again = await core.handlers['run.detail'](ref);
    if (!first.ok || !slice.ok || !again.ok) throw new Error('run channels failed');
    expect(slice.value.build).toBe(first.value.build);
    expect(again.value.build).toBe(first.value.build);
    // A reload (as after a rewritten log) drops the models: the same log, a new build.
    await core.handlers['library.refresh']({});
    const rebuilt = await core.handlers['run.detail'](ref);
    expect(rebuilt.ok && rebuilt.value.build).toBeGreaterThan(first.value.build);
    expect(rebuilt.ok && rebuilt.value.lastSequence).toBe(first.value.lastSequence);
  });

  it('run.detail of a log little-workflow refuses still shows the state and says why', async () => {
    const core = await openCore();
    const run = fixtureRun('broken sequence-gap');
    const detail = await core.handlers['run.detail']({ dataDir: run.dir, runId: run.runId });
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.value.report).toBeNull();
    expect((await core.handlers['run.reportText']({ dataDir: run.dir, runId: run.runId })).ok).toBe(false);
    expect(detail.value.reportError).toMatch(/^RunStateEventMismatchError: /);
    // The head may come before the check; run.findings waits for it, and the next head has them.
    const findings = await core.handlers['run.findings']({ dataDir: run.dir, runId: run.runId });
    expect(findings.ok && findings.value.map((f) => f.code)).toContain('sequence-gap');
    const later = await core.handlers['run.detail']({ dataDir: run.dir, runId: run.runId });
    expect(later.ok && later.value.findings?.map((f) => f.code)).toContain('sequence-gap');
    const full = await core.runDetail({ dataDir: run.dir, runId: run.runId });
    expect(full.ok && full.value.findings.map((f) => f.code)).toContain('sequence-gap');
  });

  it('pages events, filters them, and returns one event in full', async () => {
    const core = await openCore();
    const run = fixtureRun('completed: planner prelude');
    const ref = { dataDir: run.dir, runId: run.runId };
    const page = await core.handlers['run.slice']({ ...ref, spec: { section: 'events', from: 2, count: 5 } });
    expect(page.ok && sliceItems(page.value, 'events').map((r) => r?.sequence)).toEqual([3, 4, 5, 6, 7]);
    const models = await core.handlers['run.slice']({ ...ref, spec: { section: 'events', from: 0, count: 50, filter: { typePrefix: 'harness.model.' } } });
    if (!models.ok) throw new Error(models.error.message);
    expect(models.value.total).toBe(2);
    const seq = sliceItems(models.value, 'events')[0]?.sequence ?? 0;
    const one = await core.handlers['run.event']({ ...ref, sequence: seq });
    expect(one.ok && one.value.event?.type).toBe('harness.model.called');
    expect((await core.handlers['run.event']({ ...ref, sequence: 99_999 })).ok).toBe(false);
  });

  it('refuses data dirs outside the opened library and malformed run ids', async () => {
    const core = await openCore(fixtureRun('completed: planner prelude').dir);
    const other = fixtureRun('crashed model-call-in-flight');
    const foreign = await core.handlers['run.detail']({ dataDir: other.dir, runId: other.runId });
    expect(!foreign.ok && foreign.error.code).toBe('invalid-argument');
    const foreignSlice = await core.handlers['run.slice']({ dataDir: other.dir, runId: other.runId, spec: { section: 'steps', from: 0, count: 1 } });
    expect(!foreignSlice.ok && foreignSlice.error.code).toBe('invalid-argument');
    const bad = await core.handlers['run.detail']({ dataDir: fixtureRun('completed: planner prelude').dir, runId: '../../etc' });
    expect(!bad.ok && bad.error.code).toBe('invalid-run-id');
  });

  it('reads an artifact with its verified manifest, and reports a tampered one', async () => {
    const core = await openCore();
    const large = fixtureRun('large output');
    const detail = await core.runDetail({ dataDir: large.dir, runId: large.runId });
    if (!detail.ok) throw new Error(detail.error.message);
    const step = detail.value.steps.find((s) => s.outputRef)!;
    const artifact = await core.handlers['run.artifact']({ dataDir: large.dir, runId: large.runId, ref: step.outputRef! });
    if (!artifact.ok) throw new Error(artifact.error.message);
    expect(artifact.value.payload.truncated).toBe(false);
    const tampered = fixtureRun('broken artifact-hash-mismatch');
    const td = await core.runDetail({ dataDir: tampered.dir, runId: tampered.runId });
    const ref = td.ok ? td.value.steps.find((s) => s.outputRef)!.outputRef! : '';
    const read = await core.handlers['run.artifact']({ dataDir: tampered.dir, runId: tampered.runId, ref });
    expect(!read.ok && read.error.code).toBe('artifact-hash-mismatch');
  });
});
