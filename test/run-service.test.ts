import { describe, expect, it } from 'vitest';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';

// The run-level channels on the generated fixtures, through the core's handlers.
async function openCore(root = EXAMPLES) {
  const core = createInspectorCore({ mode: 'browser', initialPath: null });
  const opened = await core.openPath(root);
  if (!opened.ok) throw new Error(opened.error.message);
  return core;
}

describe('run channels', () => {
  it('run.detail of a crashed run carries the boundary, resume plan, lock and report', async () => {
    const core = await openCore();
    const run = fixtureRun('crashed model-call-in-flight');
    const detail = await core.handlers['run.detail']({ dataDir: run.dir, runId: run.runId });
    if (!detail.ok) throw new Error(detail.error.message);
    const d = detail.value;
    expect(d.summary.crashed).toBe(true);
    expect(d.lock.state).toBe('crashed');
    expect(d.boundary?.verdict.kind).toBe('crashed');
    expect(d.boundary?.resumePlan.modelCallsReinvoked).toHaveLength(1);
    expect(d.report?.runId).toBe(run.runId);
    expect(d.harness.modelTurns.some((t) => t.status === 'in-flight')).toBe(true);
    expect(d.steps.map((s) => s.stepPath)).toEqual(['fetch', 'summarize']);
    // Bodies stay on disk: no request or response objects cross the contract.
    expect(JSON.stringify(d.harness)).not.toContain('"request"');
  });

  it('run.detail of a log little-workflow refuses still shows the state and says why', async () => {
    const core = await openCore();
    const run = fixtureRun('broken sequence-gap');
    const detail = await core.handlers['run.detail']({ dataDir: run.dir, runId: run.runId });
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.value.report).toBeNull();
    expect(detail.value.reportError).toMatch(/^RunStateEventMismatchError: /);
    expect(detail.value.findings.map((f) => f.code)).toContain('sequence-gap');
  });

  it('pages events, filters them, and returns one event in full', async () => {
    const core = await openCore();
    const run = fixtureRun('completed: planner prelude');
    const ref = { dataDir: run.dir, runId: run.runId };
    const page = await core.handlers['run.events']({ ...ref, fromSequence: 3, limit: 5 });
    expect(page.ok && page.value.map((r) => r.sequence)).toEqual([3, 4, 5, 6, 7]);
    const index = await core.handlers['run.eventIndex']({ ...ref, filter: { typePrefix: 'harness.model.' } });
    expect(index.ok && index.value.length).toBe(2);
    const seq = index.ok ? index.value[0] : 0;
    const one = await core.handlers['run.event']({ ...ref, sequence: seq });
    expect(one.ok && one.value.event?.type).toBe('harness.model.called');
    expect((await core.handlers['run.event']({ ...ref, sequence: 99_999 })).ok).toBe(false);
  });

  it('refuses data dirs outside the opened library and malformed run ids', async () => {
    const core = await openCore(fixtureRun('completed: planner prelude').dir);
    const other = fixtureRun('crashed model-call-in-flight');
    const foreign = await core.handlers['run.detail']({ dataDir: other.dir, runId: other.runId });
    expect(!foreign.ok && foreign.error.code).toBe('invalid-argument');
    const bad = await core.handlers['run.detail']({ dataDir: fixtureRun('completed: planner prelude').dir, runId: '../../etc' });
    expect(!bad.ok && bad.error.code).toBe('invalid-run-id');
  });

  it('reads an artifact with its verified manifest, and reports a tampered one', async () => {
    const core = await openCore();
    const large = fixtureRun('large output');
    const detail = await core.handlers['run.detail']({ dataDir: large.dir, runId: large.runId });
    if (!detail.ok) throw new Error(detail.error.message);
    const step = detail.value.steps.find((s) => s.outputRef)!;
    const artifact = await core.handlers['run.artifact']({ dataDir: large.dir, runId: large.runId, ref: step.outputRef! });
    if (!artifact.ok) throw new Error(artifact.error.message);
    expect(artifact.value.payload.truncated).toBe(false);
    const tampered = fixtureRun('broken artifact-hash-mismatch');
    const td = await core.handlers['run.detail']({ dataDir: tampered.dir, runId: tampered.runId });
    const ref = td.ok ? td.value.steps.find((s) => s.outputRef)!.outputRef! : '';
    const read = await core.handlers['run.artifact']({ dataDir: tampered.dir, runId: tampered.runId, ref });
    expect(!read.ok && read.error.code).toBe('artifact-hash-mismatch');
  });
});
