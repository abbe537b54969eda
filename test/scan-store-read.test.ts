/**
 * The scan through little-workflow's own read (scan-rows.ts: only the scan's types cross into
 * JS, every row's time apart, lone model requests named by SQLite) gives exactly what the scan
 * of the log streamed row by row gives (the reference: the same source without `scanRead`), on
 * generated runs with a hit of every scanner, as of several events too, and where the read
 * falls back. Payloads are stored as JSON.stringify wrote them, keys in any order (not
 * canonicalised), so equal requests spelled differently must still pair up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataDir } from '../scripts/fixtures/writer/data-dir';
import { EventStoreWriter } from '../scripts/fixtures/writer/event-store';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { scanRunLog } from '../src-main/library/scan-runs';
import { createSourceRegistry } from '../src-main/sources/registry';
import type { RunSource } from '../src-main/sources/run-source';
import { ScanLog } from './support/scan-log';

const NOW = new Date('2026-11-20T00:00:00Z');
const options = { table: BUNDLED_PRICE_TABLE, now: NOW, settings: { pollingTools: ['job_*'] } };
let root: string;
const sources = createSourceRegistry();
const source = sources.sourceOf({ format: 'sqlite' });
/** The reference: the same source, streamed row by row. */
const streamed: RunSource = { ...source, scanRead: undefined };

/** Every scanner's hit in one run, with rows the scan does not read in between. */
function busyRun(runId: string): ScanLog {
  const log = new ScanLog(runId);
  log.runStarted('wfv_busy');
  log.add('WorkflowValidationFailed', { findings: [{ code: 'x' }] });
  log.add('WorkflowValidationFailed', { findings: [{ code: 'y' }] });
  const planner = { role: 'planner' };
  for (let i = 0; i < 3; i += 1) {
    log.session(planner);
    // The same request, its members written in another order each time.
    const request = i % 2 ? { tools: [], model: 'gpt-4o-mini', messages: [{ content: 'plan', role: 'user' }], system: `s${i}` } : { messages: [{ role: 'user', content: 'plan' }], model: 'gpt-4o-mini', system: '', tools: [] };
    log.add('harness.model.called', { callId: `plan_${i}`, turn: 1, request });
    log.add('harness.model.responded', { callId: `plan_${i}`, turn: 1, model: { provider: 'openai.responses', modelId: 'gpt-4o-mini' }, response: { text: 'ok', usage: { inputTokens: 10, outputTokens: 5 } } });
    log.sessionCompleted(planner);
  }
  const agent = { stepPath: 'agent' };
  log.add('StepScheduled', { stepPath: 'agent' });
  log.attempt('agent');
  log.session(agent);
  log.add('harness.execute_step.started', { stepPath: 'agent', stepId: 'agent', uses: 'ai.generate', visitIndex: 0 });
  for (let turn = 1; turn <= 4; turn += 1) {
    log.model(agent, { turn, messages: [{ role: 'user', content: `turn ${turn}` }] });
    log.tool(agent, 'search', turn % 2 ? { q: 'x', page: 1 } : { page: 1, q: 'x' }, { turn });
    log.tool(agent, 'job_status', { id: 1 }, { turn });
  }
  log.tool(agent, 'write', { f: 1 }, { fail: true });
  log.sessionCompleted(agent);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const where = { stepPath: 'summarize' };
    log.attempt('summarize', attempt);
    log.session(where);
    log.model(where, { messages: [{ role: 'user', content: 'same' }] });
    log.model(where, { fail: { name: 'APICallError', message: 'overloaded' } });
    log.model(where, { model: { provider: 'nobody', modelId: 'unpriced-1' } });
    log.sessionCompleted(where);
    log.stepFailed('summarize', attempt, attempt === 3 ? 'step_failed' : 'step_schema_error');
  }
  const flaky = { stepPath: 'flaky' };
  log.session(flaky);
  for (let i = 0; i < 3; i += 1) log.model(flaky, { fail: { name: 'APICallError', message: 'rate limited' } });
  log.sessionFailed(flaky, { name: 'HarnessError', message: 'exceeded 25 model turns' });
  // Legacy names, a crash left open, then a resume two hours later.
  const legacy = { stepPath: 'legacy' };
  log.add('HarnessSessionStarted', { runId, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest: {}, manifestHash: 'sha256:0', stepPath: 'legacy' });
  for (let i = 0; i < 3; i += 1) {
    log.add('HarnessModelCalled', { callId: `old_${i}`, turn: 1, request: { model: 'gpt-4o-mini', messages: [], tools: [] }, stepPath: 'legacy' });
    log.add('HarnessModelResponded', { callId: `old_${i}`, turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { usage: { inputTokens: 1, outputTokens: 1 } }, stepPath: 'legacy' });
  }
  log.log.wait(2 * 3_600_000);
  log.add('StepScheduled', { stepPath: 'legacy' });
  log.session(legacy);
  log.model(legacy, { messages: [] });
  log.sessionFailed(legacy, { name: 'BudgetError', message: 'budget of $1 spent' });
  log.add('RunFailed', { error: { causeCode: 'max_visits_exceeded', failedStepPath: 'loop.visit[3]', message: 'maxVisits 3' } });
  return log;
}

/** Write `log` to a data dir of its own, payloads as JSON.stringify wrote them (or `text` for a row). */
function write(log: ScanLog, text: (sequence: number) => string | undefined = () => undefined): string {
  const dir = join(root, log.runId, '.little-workflow');
  createDataDir(dir);
  const store = new EventStoreWriter(dir);
  try {
    store.transaction(() => {
      for (const e of log.events) store.insertRaw({ runId: e.runId, sequence: e.sequence, eventId: e.eventId, type: e.type, occurrenceId: null, recordedAt: text(e.sequence) ?? e.recordedAt, payloadText: JSON.stringify(e.payload) });
    });
  } finally {
    store.close();
  }
  return dir;
}

/** The first thing the store's read answered for a scan of `dir` (`times` when it read the log its own way). */
async function firstItem(dir: string, runId: string): Promise<string> {
  for await (const item of source.scanRead!(dir, runId, Number.POSITIVE_INFINITY, ['RunStarted'])) return Object.keys(item)[0]!;
  return 'nothing';
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'li-scan-store-'));
});
afterAll(() => {
  sources.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('the scan through the store\'s own read', () => {
  it('finds exactly what the streamed scan finds, a hit of every scanner included', async () => {
    const log = busyRun('run_scan_store_busy');
    const dir = write(log);
    expect(await firstItem(dir, log.runId)).toBe('times');
    const fast = await scanRunLog(source, dir, log.runId, options);
    const reference = await scanRunLog(streamed, dir, log.runId, options);
    expect(fast).toEqual(reference);
    const kinds = new Set(reference.ok ? reference.value.findings.map((f) => f.kind) : []);
    for (const kind of ['repeated-tool-call', 'repeated-model-request', 'retry-storm', 'model-retry-storm', 'turn-limit', 'budget-limit', 'ignored-tool-error', 'long-resume-gap', 'max-visits-exceeded', 'planner-revisions', 'unpriced-model'] as const) {
      expect(kinds, kind).toContain(kind);
    }
    // The planner's request (spelled three ways), the summarize step's and the legacy step's.
    expect(reference.ok && reference.value.findings.filter((f) => f.kind === 'repeated-model-request').map((f) => f.stepPath)).toEqual(expect.arrayContaining([null, 'summarize', 'legacy']));
  });

  it('finds the same as of every tenth event (time travel), gaps and resumes cut where the log is cut', async () => {
    const log = busyRun('run_scan_store_upto');
    const dir = write(log);
    for (let upTo = 1; upTo <= log.events.length + 10; upTo += 10) {
      expect(await scanRunLog(source, dir, log.runId, options, upTo), `as of #${upTo}`).toEqual(await scanRunLog(streamed, dir, log.runId, options, upTo));
    }
  });

  it('falls back to the streamed read where a time is not what toISOString writes, with the same findings', async () => {
    const log = busyRun('run_scan_store_odd');
    const dir = write(log, (sequence) => (sequence === 5 ? '2026-11-01T00:00:04Z' : undefined));
    expect(await firstItem(dir, log.runId)).toBe('fallback');
    const fast = await scanRunLog(source, dir, log.runId, options);
    expect(fast).toEqual(await scanRunLog(streamed, dir, log.runId, options));
    expect(fast.ok && fast.value.findings.length).toBeGreaterThan(5);
  });

  it('says a run that is not there is not found, as the streamed scan does', async () => {
    const dir = write(busyRun('run_scan_store_other'));
    const missing = await scanRunLog(source, dir, 'run_scan_store_none', options);
    expect(missing).toEqual(await scanRunLog(streamed, dir, 'run_scan_store_none', options));
    expect(missing).toMatchObject({ ok: false, error: { code: 'run-not-found' } });
  });
});
