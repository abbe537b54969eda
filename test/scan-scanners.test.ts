/** Every scanner on generated runs: each hit with its exact sequences and cost, and the planned repetition it must not flag. */
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { priceModelCall } from '../shared/pricing/price-model-call';
import { scanEvents } from '../shared/scan/scan-events';
import type { ScanFinding, ScanSettings } from '../shared/scan/scan-types';
import { ScanLog, USAGE } from './support/scan-log';

// The bundled table's rates were verified 2026-08-07: a day within 90 days keeps stale-price-table out of the way.
const FRESH = new Date('2026-09-01T00:00:00Z');
const ONE_CALL = priceModelCall({ provider: 'openai.responses', modelId: 'gpt-4o-mini' }, USAGE, BUNDLED_PRICE_TABLE).costUsd!;

function scan(log: ScanLog, settings?: ScanSettings, now = FRESH): ScanFinding[] {
  return scanEvents(log.runId, log.events, { table: BUNDLED_PRICE_TABLE, now, ...(settings ? { settings } : {}) }).findings;
}
const kinds = (findings: ScanFinding[]) => findings.map((f) => f.kind);

describe('repeated tool calls', () => {
  it('finds the same tool with equal arguments in a row, with every start and what the turns that asked again cost', () => {
    const log = new ScanLog();
    const where = { stepPath: 'research' };
    log.attempt('research');
    log.session(where);
    const starts: number[] = [];
    for (let turn = 1; turn <= 4; turn += 1) {
      log.model(where, { turn, messages: [{ role: 'user', content: `turn ${turn}` }] });
      // Key order differs each time: canonical JSON makes them equal.
      starts.push(log.tool(where, 'search', turn % 2 ? { q: 'x', page: 1 } : { page: 1, q: 'x' }, { turn })[0]);
    }
    log.sessionCompleted(where);
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'repeated-tool-call', severity: 'warning', stepPath: 'research', sequences: starts });
    expect(finding.costUsd).toBeCloseTo(3 * ONE_CALL, 12);
    expect(finding.message).toContain('search was called 4 times in a row');
  });

  it('is an error from six in a row; a code caller has no cost to give', () => {
    const log = new ScanLog();
    const where = { stepPath: 'poll' };
    log.session(where);
    for (let i = 0; i < 6; i += 1) log.tool(where, 'fetch', { url: 'u' }, { caller: 'code' });
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'repeated-tool-call', severity: 'error', costUsd: null });
    expect(finding.sequences).toHaveLength(6);
  });

  it('does not flag two in a row, other arguments in between, a polling tool, branches, or a new attempt', () => {
    const log = new ScanLog();
    const a = { stepPath: 'fan[a].score' };
    const b = { stepPath: 'fan[b].score' };
    const c = { stepPath: 'fan[c].score' };
    for (const where of [a, b, c]) {
      log.session(where);
      log.tool(where, 'score', { item: 1 }, { caller: 'code' });
    }
    const agent = { stepPath: 'agent' };
    log.session(agent);
    log.tool(agent, 'read', { f: 1 });
    log.tool(agent, 'read', { f: 1 });
    log.tool(agent, 'read', { f: 2 });
    log.tool(agent, 'read', { f: 1 });
    for (let i = 0; i < 5; i += 1) log.tool(agent, 'job_status', { id: 7 });
    log.sessionCompleted(agent);
    // A new session of the same step (a retry) starts a new streak.
    log.session(agent);
    log.tool(agent, 'read', { f: 1 });
    log.tool(agent, 'read', { f: 1 });
    log.sessionCompleted(agent);
    expect(kinds(scan(log, { pollingTools: ['job_*'] }))).toEqual([]);
    // Without the polling declaration the status poll is a repeat.
    expect(kinds(scan(log))).toEqual(['repeated-tool-call']);
  });
});

describe('repeated model requests', () => {
  it('finds one request answered again and again at one place, across attempts, costed by the repeats', () => {
    const log = new ScanLog();
    const shown: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      shown.push(...log.attemptCalling('summarize', attempt, 'same'));
      if (attempt < 3) log.stepFailed('summarize', attempt);
    }
    log.stepCompleted('summarize', 3);
    const found = scan(log);
    const finding = found.find((f) => f.kind === 'repeated-model-request')!;
    expect(finding).toMatchObject({ severity: 'warning', stepPath: 'summarize', sequences: shown });
    expect(finding.costUsd).toBeCloseTo(2 * ONE_CALL, 12);
    // Two failed attempts then a pass: the declared retry, not a storm.
    expect(kinds(found)).toEqual(['repeated-model-request']);
  });

  it('counts sends whose answers come after the next send (calls in flight together), each answer once', () => {
    const log = new ScanLog();
    const where = { stepPath: 'fan' };
    log.session(where);
    const request = { model: 'gpt-4o-mini', system: '', messages: [{ role: 'user', content: 'same' }], tools: [] };
    const send = (callId: string) => log.add('harness.model.called', { callId, turn: 1, request, stepPath: 'fan' });
    const answer = (callId: string) => log.add('harness.model.responded', { callId, turn: 1, model: { provider: 'openai.responses', modelId: 'gpt-4o-mini' }, response: { text: 'ok', usage: USAGE }, stepPath: 'fan' });
    const shown = [send('c1'), send('c2'), answer('c1'), answer('c1'), answer('c2'), send('c3'), answer('c3')];
    log.sessionCompleted(where);
    const [finding] = scan(log);
    // The second answer of c1 is no answer of another send.
    expect(finding).toMatchObject({ kind: 'repeated-model-request', sequences: [shown[0], shown[1], shown[2], shown[4], shown[5], shown[6]] });
    expect(finding.costUsd).toBeCloseTo(2 * ONE_CALL, 12);
  });

  it('does not pool decision-loop visits or count failed sends', () => {
    const log = new ScanLog();
    for (let visit = 0; visit < 4; visit += 1) {
      const where = { stepPath: `draft.visit[${visit}]` };
      log.session(where);
      log.model(where, { messages: [{ role: 'user', content: 'same' }] });
      log.sessionCompleted(where);
    }
    const flaky = { stepPath: 'flaky' };
    log.session(flaky);
    log.model(flaky, { fail: { name: 'APICallError', message: 'overloaded' } });
    log.model(flaky, { fail: { name: 'APICallError', message: 'overloaded' } });
    log.model(flaky);
    log.sessionCompleted(flaky);
    expect(kinds(scan(log))).toEqual([]);
  });
});

describe('retry storms', () => {
  it('finds many failed attempts of one step with their error kinds and the failed attempts\' model cost', () => {
    const log = new ScanLog();
    const failures: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      log.attemptCalling('extract', attempt, `try ${attempt}`);
      failures.push(log.stepFailed('extract', attempt, attempt === 3 ? 'step_failed' : 'step_schema_error'));
    }
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'retry-storm', severity: 'warning', stepPath: 'extract', sequences: failures });
    expect(finding.message).toContain('2× step_schema_error, 1× step_failed');
    expect(finding.costUsd).toBeCloseTo(3 * ONE_CALL, 12);
  });

  it('finds a session whose model calls fail again and again', () => {
    const log = new ScanLog();
    const where = { role: 'planner' };
    log.session(where);
    const failed = [1, 2, 3].map(() => log.model(where, { fail: { name: 'RateLimitError', message: '429' } })[1]);
    log.sessionFailed(where, { name: 'RateLimitError', message: '429' });
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'model-retry-storm', stepPath: null, sequences: failed, costUsd: null });
    expect(finding.message).toContain('3× RateLimitError');
  });
});

describe('session endings', () => {
  it('finds a session that hit its turn limit, costed by its calls', () => {
    const log = new ScanLog();
    const where = { role: 'orchestrator' };
    const start = log.session(where);
    for (let turn = 1; turn <= 3; turn += 1) log.model(where, { turn, messages: [{ role: 'user', content: `t${turn}` }] });
    const end = log.sessionFailed(where, { name: 'Error', message: 'Workflow orchestrate task exceeded 25 model turns.' });
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'turn-limit', severity: 'warning', sequences: [start, end] });
    expect(finding.costUsd).toBeCloseTo(3 * ONE_CALL, 12);
  });

  it('finds a budget stop and leaves other session failures alone', () => {
    const log = new ScanLog();
    const where = { stepPath: 'a' };
    const start = log.session(where);
    const end = log.sessionFailed(where, { name: 'BudgetExceededError', message: 'spent $5.00 of $5.00' });
    log.session({ stepPath: 'b' });
    log.sessionFailed({ stepPath: 'b' }, { name: 'TypeError', message: 'x is undefined' });
    const found = scan(log);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'budget-limit', stepPath: 'a', sequences: [start, end], costUsd: null });
  });

  it('finds a tool error the agent went on without, not one it retried successfully', () => {
    const log = new ScanLog();
    const where = { stepPath: 'agent' };
    log.session(where);
    const [, failedEnd] = log.tool(where, 'write_file', { p: 1 }, { fail: true });
    log.tool(where, 'read', { p: 1 }, { fail: true });
    log.tool(where, 'read', { p: 2 });
    const done = log.sessionCompleted(where);
    const [finding] = scan(log);
    expect(finding).toMatchObject({ kind: 'ignored-tool-error', severity: 'warning', sequences: [failedEnd, done] });
    expect(finding.message).toContain('write_file');
    expect(finding.message).not.toContain('read');
  });
});

describe('how runs end', () => {
  const failedRun = (causeCode: string, failedStepPath?: string) => {
    const log = new ScanLog();
    log.runStarted();
    const seq = log.add('RunFailed', { workflowVersionId: 'wfv_scan', error: { name: 'X', message: 'why', causeCode, retriable: false, ...(failedStepPath ? { failedStepPath } : {}) } });
    return { log, seq };
  };

  it('names a decision loop out of visits and a capability drift as errors', () => {
    const loop = failedRun('max_visits_exceeded', 'draft.visit[3]');
    expect(scan(loop.log)).toEqual([expect.objectContaining({ kind: 'max-visits-exceeded', severity: 'error', stepPath: 'draft.visit[3]', sequences: [loop.seq] })]);
    const drift = failedRun('capability_drift');
    expect(scan(drift.log)).toEqual([expect.objectContaining({ kind: 'capability-drift', severity: 'error', sequences: [drift.seq] })]);
    expect(scan(failedRun('step_failed').log)).toEqual([]);
  });

  it('finds planner drafts rejected again and again', () => {
    const log = new ScanLog();
    const rejected = [log.add('WorkflowValidationFailed', { revision: 1, findings: [] }), log.add('WorkflowValidationFailed', { revision: 2, findings: [] })];
    log.add('WorkflowValidationSucceeded', { revision: 3 });
    expect(scan(log)).toEqual([expect.objectContaining({ kind: 'planner-revisions', severity: 'warning', sequences: rejected })]);
  });

  it('names a planner out of revisions as an error with every rejected draft and the run\'s end, costed by the planner\'s calls', () => {
    const log = new ScanLog();
    log.runStarted();
    const planner = { role: 'planner' };
    log.session(planner);
    log.model(planner, { messages: [{ role: 'user', content: 'plan' }] });
    log.sessionCompleted(planner);
    const rejected = [1, 2, 3].map((revision) => log.add('WorkflowValidationFailed', { revision, findings: [] }));
    const end = log.add('RunFailed', { workflowVersionId: 'wfv_scan', error: { name: 'X', message: 'no valid plan', causeCode: 'planner_validation_exhausted', retriable: false } });
    const found = scan(log);
    expect(found).toEqual([expect.objectContaining({ kind: 'planner-revisions', severity: 'error', sequences: [...rejected, end] })]);
    expect(found[0].costUsd).toBeCloseTo(ONE_CALL, 12);
    expect(found[0].message).toContain('3 drafts failed validation');
  });
});

describe('resumes', () => {
  it('finds committed work re-run after a crash (the resume audit\'s violation) and a long stop', () => {
    const log = new ScanLog();
    log.runStarted();
    log.attempt('fetch');
    const completed = log.stepCompleted('fetch');
    log.log.wait(3 * 3_600_000);
    const rerun = log.attempt('fetch', 2);
    log.stepCompleted('fetch', 2);
    const found = scan(log);
    expect(found.find((f) => f.kind === 'resume-reran-committed-work')).toMatchObject({ severity: 'error', stepPath: 'fetch', sequences: [completed, rerun] });
    expect(found.find((f) => f.kind === 'long-resume-gap')).toMatchObject({ severity: 'warning', sequences: [completed, rerun] });
    expect(found.find((f) => f.kind === 'long-resume-gap')!.message).toContain('3.0 h');
  });

  it('takes a resumed session that finished its step for expected, and a short stop for none', () => {
    const log = new ScanLog();
    const where = { stepPath: 'fetch' };
    log.runStarted();
    log.attempt('fetch');
    log.session(where);
    log.log.wait(5 * 60_000);
    log.session(where);
    log.tool(where, 'get', { u: 1 }, { caller: 'code' });
    log.sessionCompleted(where);
    log.stepCompleted('fetch');
    expect(scan(log)).toEqual([]);
  });
});

describe('pricing', () => {
  it('notes unpriced models with every call, and a stale table only as info', () => {
    const log = new ScanLog();
    const where = { stepPath: 'a' };
    log.session(where);
    const [, answer] = log.model(where, { model: { provider: 'demo', modelId: 'stub' } });
    log.model(where, { messages: [{ role: 'user', content: 'priced' }] });
    expect(scan(log)).toEqual([expect.objectContaining({ kind: 'unpriced-model', severity: 'info', sequences: [answer], costUsd: null })]);
    const later = scan(log, undefined, new Date('2026-12-03T00:00:00Z'));
    expect(later.map((f) => [f.kind, f.severity])).toEqual([
      ['unpriced-model', 'info'],
      ['stale-price-table', 'info'],
    ]);
  });
});

describe('a tool error the model was shown', () => {
  it('is not ignored when a model call followed it', () => {
    const log = new ScanLog();
    const where = { role: 'orchestrator' };
    log.session(where);
    log.tool(where, 'bash', { command: 'curl x | sh' }, { fail: true });
    log.model(where, { turn: 2 });
    log.sessionCompleted(where);
    expect(scan(log)).toEqual([]);
  });
});
