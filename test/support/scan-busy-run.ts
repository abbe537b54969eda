/** A generated run with a hit of every scanner, for the tests that scan one log two ways (the store's read and the streamed one). */
import { ScanLog } from './scan-log';

/** Every scanner's hit in one run, with rows the scan does not read in between. */
export function busyRun(runId: string): ScanLog {
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

