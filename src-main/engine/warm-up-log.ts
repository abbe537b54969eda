/**
 * A made-up run's event log, as rows the way the SQLite reader selects them, for a fresh worker
 * to fold before anyone asks (fold-warm-up.ts). It is shaped like what little-workflow writes
 * (payload keys written in sorted order, as its store keeps them; harness events stamped with their step path)
 * and mixes the kinds of steps real runs hold, so the fold's code is compiled for the shapes it
 * will meet: ai.generate steps with one turn, turns that call tools, tool.call steps with an
 * artifact, an attempt that fails and is retried, a plain model call, and the run's start and end.
 */
/** The made-up run's id (a valid little-workflow run id; it names no run on disk). */
export const WARM_UP_RUN_ID = 'run_00000000-0000-4000-8000-00000000beef';

/** Events the made-up run holds per step visit, on average (9 to 13 by the kinds below). */
const EVENTS_PER_VISIT = 11;

/** A row as the reader selects it: sequence, event id, type, occurrence id, recorded at, payload text. */
export type WarmUpRow = [number, string, string, string | null, string, string];

const START_MS = Date.parse('2026-01-01T00:00:00.000Z');
const MODEL = { modelId: 'gpt-4o-mini', provider: 'openai.responses' };
const USAGE = { cachedInputTokens: 800, inputTokens: 1200, outputTokens: 340, reasoningTokens: 64 };
const hash = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;

/** The made-up run's rows, about `events` of them, in sequence order: made a step visit at a time as they are read. */
export function* warmUpRows(events: number): Generator<WarmUpRow> {
  const log = new WarmUpLog();
  log.add('WorkflowVersionRegistered', { lwirHash: hash(1), lwirVersionId: 'wfver_warmup', workflowVersionId: 'wfver_warmup' });
  log.add('RunStarted', { input: { n: events }, workflowVersionId: 'wfver_warmup' });
  const visits = Math.max(1, Math.round(events / EVENTS_PER_VISIT));
  for (let visit = 0; visit < visits; visit += 1) {
    VISIT_KINDS[visit % VISIT_KINDS.length](log, visit);
    yield* log.take();
  }
  log.add('RunCompleted', { output: 'done', terminalStepPath: `draft.visit[${visits - 1}]`, workflowVersionId: 'wfver_warmup' });
  yield* log.take();
}

/** Makes rows with rising sequences and times, ids derived from the sequence; `take` hands over those made since. */
class WarmUpLog {
  private rows: WarmUpRow[] = [];
  private sequence = 0;

  take(): WarmUpRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  add(type: string, payload: object, occurrenceId: string | null = null): void {
    const sequence = (this.sequence += 1);
    const at = new Date(START_MS + sequence * 41).toISOString();
    this.rows.push([sequence, `evt_${sequence.toString(16).padStart(16, '0')}`, type, occurrenceId, at, JSON.stringify(payload)]);
  }

  /** A worker session of `stepPath` around `body`, as the workflow harness records one. */
  session(stepPath: string, visit: number, role: string, uses: string, body: () => void): void {
    const manifest = { harnessId: 'workflowHarness@1.0.0', modelSlotId: 'model.default', skillsHash: hash(2), stepConfigHash: hash(3), stepPath, workflowVersionId: 'wfver_warmup' };
    this.add('harness.session.started', { manifest, manifestHash: hash(visit + 10), role, runId: WARM_UP_RUN_ID, stepPath, task: { kind: 'execute_step' } });
    this.add('harness.execute_step.started', { runId: WARM_UP_RUN_ID, stepId: stepIdOf(stepPath), stepPath, uses, visitIndex: visit });
    body();
    this.add('harness.execute_step.succeeded', { output: `result ${visit}`, runId: WARM_UP_RUN_ID, stepId: stepIdOf(stepPath), stepPath, uses, visitIndex: visit });
    this.add('harness.session.completed', { output: { result: { kind: 'step_output', output: `result ${visit}` } }, runId: WARM_UP_RUN_ID, stepPath, usage: USAGE });
  }

  /** One model turn: called, then responded (with `toolCalls` when given). */
  turn(stepPath: string, visit: number, turn: number, toolCalls?: object[]): void {
    const callId = `call_${visit}_${turn}`;
    const occurrence = `occ_${visit}_${turn}`;
    const request = { messages: [{ content: 'go', role: 'user' }], model: MODEL.modelId, system: `You are the worker for step ${stepIdOf(stepPath)}.`, tools: [] };
    this.add('harness.model.called', { callId, promptHash: hash(visit * 4 + turn), request, stepPath, turn }, occurrence);
    const response = toolCalls ? { output: `result ${visit}`, text: `result ${visit}`, toolCalls, usage: USAGE } : { output: `result ${visit}`, text: `result ${visit}`, usage: USAGE };
    this.add('harness.model.responded', { callId, model: MODEL, response, stepPath, turn }, occurrence);
  }

  /** A step's scheduling and (first) attempt. */
  scheduled(stepPath: string, uses: string, attempt = 1): void {
    if (attempt === 1) this.add('StepScheduled', { stepId: stepIdOf(stepPath), stepPath, uses });
    this.add('StepAttemptStarted', { attempt, attemptId: `attempt_${attempt}`, stepId: stepIdOf(stepPath), stepPath });
  }

  completed(stepPath: string, visit: number, uses: string, attempt = 1): void {
    this.add('StepCompleted', { artifactRefs: [], attempt, metadata: { uses }, output: `result ${visit}`, stepId: stepIdOf(stepPath), stepPath });
  }
}

const stepIdOf = (stepPath: string) => stepPath.slice(0, stepPath.indexOf('.'));

/** The kinds of step visit the made-up run cycles through. */
const VISIT_KINDS: ReadonlyArray<(log: WarmUpLog, visit: number) => void> = [
  // An ai.generate step with one turn (most events of the runs people open).
  (log, visit) => {
    const stepPath = `draft.visit[${visit}]`;
    log.scheduled(stepPath, 'ai.generate');
    log.session(stepPath, visit, 'worker.ai-generate', 'ai.generate', () => log.turn(stepPath, visit, 1));
    log.completed(stepPath, visit, 'ai.generate');
  },
  // A turn that calls a tool, whose result the next turn reads.
  (log, visit) => {
    const stepPath = `research.visit[${visit}]`;
    const toolCallId = `tool_${visit}`;
    log.scheduled(stepPath, 'ai.generate');
    log.session(stepPath, visit, 'worker.ai-generate', 'ai.generate', () => {
      log.turn(stepPath, visit, 1, [{ args: { query: `q${visit}` }, toolCallId, toolName: 'search' }]);
      const call = { args: { query: `q${visit}` }, callId: toolCallId, callIndex: 0, caller: 'model', scope: { stepPath }, stepPath, toolName: 'search', turn: 1 };
      log.add('harness.tool_call.started', call);
      log.add('harness.tool_call.succeeded', { args: call.args, callId: call.callId, callIndex: 0, caller: 'model', result: { hits: visit % 7 }, scope: call.scope, stepPath, toolName: 'search', turn: 1 });
      log.turn(stepPath, visit, 2);
    });
    log.completed(stepPath, visit, 'ai.generate');
  },
  // A tool.call step, its output kept as an artifact.
  (log, visit) => {
    const stepPath = `fetch.visit[${visit}]`;
    log.scheduled(stepPath, 'tool.call');
    log.session(stepPath, visit, 'worker.tool-call', 'tool.call', () => {
      const call = { args: { url: `https://example.test/${visit}` }, callId: `code_${visit}`, callIndex: 0, caller: 'code', scope: { stepPath }, stepPath, toolName: 'http.get' };
      log.add('harness.tool_call.started', call);
      log.add('harness.tool_call.succeeded', { args: call.args, callId: call.callId, callIndex: 0, caller: 'code', result: { status: 200 }, scope: call.scope, stepPath, toolName: 'http.get' });
    });
    log.add('ArtifactCreated', { artifactRef: `artifact://art_${visit}`, contentType: 'application/json', name: 'output', stepPath });
    log.add('StepOutputValidated', { outputMode: 'json', stepPath });
    log.completed(stepPath, visit, 'tool.call');
  },
  // An attempt that fails and is retried, and a model call recorded outside the harness.
  (log, visit) => {
    const stepPath = `check.visit[${visit}]`;
    log.scheduled(stepPath, 'ai.generate');
    log.add('StepFailed', { attempt: 1, attemptId: 'attempt_1', error: { message: 'schema mismatch', name: 'StepSchemaError', retriable: true }, stepId: 'check', stepPath });
    log.scheduled(stepPath, 'ai.generate', 2);
    log.add('ModelCallCompleted', { model: MODEL.modelId, stepPath, usage: USAGE });
    log.session(stepPath, visit, 'worker.ai-generate', 'ai.generate', () => log.turn(stepPath, visit, 1));
    log.completed(stepPath, visit, 'ai.generate', 2);
  },
];
