// The live observer and the CLI against real writer processes: scripts/fixtures/live-writer.ts
// appends the scripted run slowly holding a real run lock, is SIGKILLed mid-run, and a second
// writer resumes the same runId. Also crafted logs whose resumed process broke the invariant.
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditResumes } from '../shared/compare/resume-audit';
import { formatEventLine } from '../shared/report/cli-lines';
import { tailCommand } from '../src-main/cli/commands/tail';
import { createLiveObserver } from '../src-main/live/live-observer';
import { expectLiveEqualsFullFold, readAll, record, until } from './support/live-support';
import { hashTree } from './support/store-test-fixtures';
import { planScriptedRun } from '../scripts/fixtures/live/scripted-run';
import { runLiveWriter } from '../scripts/fixtures/scenarios/wal';
import { EventStoreWriter } from '../scripts/fixtures/writer';
import type { PlannedEvent } from '../scripts/fixtures/live/scripted-run';
import { cli } from './support/run-cli-captured';

const tmp = mkdtempSync(join(tmpdir(), 'li-live-resume-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('kill and resume under the live observer and `tail`', () => {
  it('sees every event once, in order, across a SIGKILL and a resume; live = full fold; audit: expected only', async () => {
    const dir = join(tmp, 'kill', '.little-workflow');
    const runId = 'run_live_kill_1';
    new EventStoreWriter(dir).close(); // an empty store, so `tail` has something to open
    const observer = createLiveObserver({ priceTable: BUNDLED_PRICE_TABLE, root: dir, pollMs: 50, lockCheckMs: 100, fullCheckMs: 500, logError: (m) => expect.fail(m) });
    const rec = record(observer);
    observer.start();
    let stdout = '';
    let stderr = '';
    const abort = new AbortController();
    const tailDone = tailCommand(['--data-dir', dir, '--json'], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, { signal: abort.signal, observer: { pollMs: 50, lockCheckMs: 100 } });
    try {
      await runLiveWriter(dir, runId, { intervalMs: 15, pauseAfter: 7 }); // SIGKILLed once paused
      await until(() => rec.kinds(runId).includes('run.ended:crashed'), 10_000, 'crash noticed');
      expect(rec.sequences(runId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(observer.run(dir, runId)?.phase).toBe('crashed');
      await runLiveWriter(dir, runId, { intervalMs: 10 }); // the resume, to the end
      await until(() => rec.kinds(runId).includes('run.ended:completed'), 15_000, 'completion');
      await until(() => stderr.includes('ended (completed)'), 5_000, 'tail notice');
    } finally {
      abort.abort();
      expect(await tailDone).toBe(0);
    }
    const events = readAll(dir, runId);
    expect(events).toHaveLength(27); // the 25 planned + session.started and execute_step.started of the resume
    expect(rec.sequences(runId)).toEqual(events.map((e) => e.sequence));
    expect(rec.kinds(runId).filter((k) => k !== 'run.delta')).toEqual(['run.started:new', 'run.ended:crashed', 'run.started:resumed', 'run.ended:completed']);
    expectLiveEqualsFullFold(observer, dir, runId);
    observer.stop();
    // `tail --json` printed exactly what `little events` prints, byte for byte.
    expect(stdout).toBe(events.map(formatEventLine).join(''));
    expect((await cli('events', runId, '--data-dir', dir)).stdout).toBe(stdout);
    expect(stderr).toMatch(/started \(new\)[\s\S]*ended \(crashed\)[\s\S]*started \(resumed\)[\s\S]*ended \(completed\)/);
    // The resume did what the plan said: in-flight tool completed with its callId, step resumed.
    const audit = auditResumes(runId, events);
    expect(audit.violations).toBe(0);
    expect(audit.boundaries.map((b) => b.boundarySequence)).toEqual([7]);
    expect(audit.boundaries[0].plan?.toolCallsReinvoked).toHaveLength(1);
    expect(audit.boundaries[0].items.map((i) => `${i.status}:${i.kind}`)).toEqual(['expected:session-restarted', 'expected:tool-call-completed', 'expected:step-resumed']);
    const compared = await cli('compare', runId, '--data-dir', dir);
    expect(compared.code, compared.stdout + compared.stderr).toBe(0);
    expect(compared.stdout).toContain('consistency: EQUAL');
    expect(compared.stdout).toContain('0 violation(s), 3 expected item(s)');
    // Nothing the inspector did wrote a byte (the writers are gone now).
    const before = hashTree(dir);
    await cli('compare', runId, '--data-dir', dir, '--json');
    expect(hashTree(dir)).toEqual(before);
  }, 90_000);
});

/** Write `events` of the scripted plan (by index) as one run, recordedAt shifted by `shift(i)`. */
function writeCrafted(dir: string, runId: string, planned: PlannedEvent[]): void {
  const store = new EventStoreWriter(dir);
  for (const event of planned) store.append(runId, { type: event.type, payload: event.payload, recordedAt: event.recordedAt, ...(event.occurrenceId ? { occurrenceId: event.occurrenceId } : {}) });
  store.close();
}
const later = (event: PlannedEvent, minutes: number): PlannedEvent => ({ ...event, recordedAt: new Date(Date.parse(event.recordedAt) + minutes * 60_000).toISOString() });

describe('crafted resumes that break the invariant', () => {
  const dir = join(tmp, 'crafted', '.little-workflow');

  it('flags a committed tool re-invoked and a completed step re-run; compare exits 1', async () => {
    const plan = planScriptedRun(dir, 'run_crafted_tool');
    // Crash after the tool's result was committed (seq 8); the resume calls the tool again.
    const toolStarted = plan[6];
    const payload = { ...(toolStarted.payload as Record<string, unknown>), callId: 'evt_mwor0dea_ffffffffffff' };
    writeCrafted(dir, 'run_crafted_tool', [...plan.slice(0, 8), later(plan[4], 10), later(plan[5], 10), { ...later(toolStarted, 10), payload }]);
    const stepPlan = planScriptedRun(dir, 'run_crafted_step');
    // Crash after fetch's StepCompleted (seq 13); the resume starts fetch again.
    writeCrafted(dir, 'run_crafted_step', [...stepPlan.slice(0, 13), later(stepPlan[3], 10), later(stepPlan[4], 10)]);

    const tool = await cli('compare', 'run_crafted_tool', '--data-dir', dir, '--json');
    expect(tool.stderr).toBe('');
    expect(tool.code).toBe(1);
    const toolReport = JSON.parse(tool.stdout) as { consistency: { equal: boolean }; audit: { violations: number; boundaries: { boundarySequence: number; items: { status: string; kind: string; sequence: number; originalSequence?: number }[] }[] } };
    expect(toolReport.consistency.equal).toBe(true);
    expect(toolReport.audit.boundaries[0].boundarySequence).toBe(8);
    expect(toolReport.audit.boundaries[0].items.filter((i) => i.status === 'violation')).toEqual([
      expect.objectContaining({ kind: 'tool-reinvoked', sequence: 11, originalSequence: 8 }),
    ]);

    const step = await cli('compare', 'run_crafted_step', '--data-dir', dir);
    expect(step.code).toBe(1);
    expect(step.stdout).toContain('VIOLATION #14 step-rerun: step fetch started a new attempt although its StepCompleted was committed');
    expect(step.stdout).toContain('crash after #13, resumed at #14 (gap, 600 s down)');
  });

  it('flags a committed model response re-invoked', () => {
    const plan = planScriptedRun(dir, 'run_crafted_model');
    // Crash after the model responded (seq 19); the resumed session calls the same prompt again.
    const called = plan[17];
    const recalled = { ...later(called, 5), payload: { ...(called.payload as Record<string, unknown>), callId: 'evt_mwor0dea_eeeeeeeeeeee' } };
    const events = [...plan.slice(0, 19), later(plan[15], 5), later(plan[16], 5), recalled].map((event, index) => ({
      eventId: `evt_${index}`,
      runId: 'run_crafted_model',
      sequence: index + 1,
      type: event.type,
      recordedAt: event.recordedAt,
      payload: event.payload,
      ...(event.occurrenceId ? { occurrenceId: event.occurrenceId } : {}),
    }));
    const audit = auditResumes('run_crafted_model', events);
    expect(audit.ok).toBe(false);
    expect(audit.boundaries[0].items.filter((i) => i.status === 'violation').map((i) => [i.kind, i.sequence, i.originalSequence])).toEqual([['model-reinvoked', 22, 19]]);
  });
});
