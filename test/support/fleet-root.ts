/**
 * A fleet root for the search tests: a little-workflow data dir with text planted in every field
 * kind and every script, decoys that must not match, a copy of the loopctl ledgers and of the
 * little-harness sessions with text planted in them too.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES } from './fixture-manifest';
import { scratchRoot } from './scratch';
import { writeClosedDataDir, type FixtureEvent } from './store-test-fixtures';

export const PLANTED_RUN = 'run_planted_texts_0001';
export const DECOY_RUN = 'run_planted_decoys_0002';

/** The planted run's events, in sequence order (sequence = index + 1). */
export function plantedEvents(): FixtureEvent[] {
  const runId = PLANTED_RUN;
  return [
    /* 1 */ { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_abc', input: { customer: 'Café Zürich', note: 'VIP' }, label: 'nightly' } },
    /* 2 */ { runId, type: 'StepScheduled', payload: { stepPath: 'draft', stepId: 'draft', uses: 'ai.generate' } },
    /* 3 */ {
      runId,
      type: 'harness.model.called',
      occurrenceId: 'evt_lx_0000000000a1',
      payload: { callId: 'c1', turn: 1, request: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Привет, мир! Ответь кратко.' }] }, stepPath: 'draft' },
    },
    /* 4 */ {
      runId,
      type: 'harness.model.responded',
      occurrenceId: 'evt_lx_0000000000a1',
      payload: { callId: 'c1', turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { text: 'مَرْحَبًا بالعالم', usage: { inputTokens: 10, outputTokens: 5 } }, stepPath: 'draft' },
    },
    /* 5 */ {
      runId,
      type: 'harness.tool_call.succeeded',
      occurrenceId: 'evt_lx_0000000000b1',
      payload: { callId: 't1', caller: 'model', toolName: 'read_file', args: { path: '/srv/東京/報告.txt' }, result: 'สวัสดีครับ ทุกคน', callIndex: 1, turn: 1, stepPath: 'draft' },
    },
    /* 6 */ { runId, type: 'StepCompleted', payload: { stepPath: 'draft', stepId: 'draft', attempt: 1, output: 'launch 🚀 now, ok 👍🏽', outputRef: 'artifact://art_0000000000000001', artifactRefs: [], metadata: {} } },
    /* 7 */ { runId, type: 'StepFailed', payload: { stepPath: 'send', stepId: 'send', attempt: 1, attemptId: 'attempt_1', error: { name: 'QuotaError', message: 'quota exceeded for 北京 tenant', retriable: false } } },
    /* 8 */ { runId, type: 'RunFailed', payload: { workflowVersionId: 'wfver_abc', error: { name: 'StepFailedError', message: 'step send failed', causeCode: 'step_failed', retriable: false } } },
  ];
}

/** Decoys: the same words in another order, longer words, other scripts' look-alikes. */
export function decoyEvents(): FixtureEvent[] {
  const runId = DECOY_RUN;
  return [
    /* 1 */ { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_abc', input: { customer: 'Zürich Café', other: 'cafeteria in zurichsee' } } },
    /* 2 */ { runId, type: 'StepScheduled', payload: { stepPath: 'draft', stepId: 'draft', uses: 'ai.generate' } },
    /* 3 */ { runId, type: 'StepCompleted', payload: { stepPath: 'draft', stepId: 'draft', attempt: 1, output: '京東 and 東 alone; ПРИВЕТСТВИЕ', outputRef: 'artifact://art_0000000000000002', artifactRefs: [], metadata: {} } },
    /* 4 */ { runId, type: 'RunCompleted', payload: { workflowVersionId: 'wfver_abc', output: 'done', outputRef: 'artifact://art_0000000000000003', terminalStepPath: 'draft' } },
  ];
}

/** Build the root; returns its path and its data dirs. */
export async function fleetRoot(prefix = 'li-fleet-'): Promise<{ root: string; workflowDir: string; ledgers: string; harness: string }> {
  const root = scratchRoot(prefix);
  const workflowDir = join(root, 'app', '.little-workflow');
  await writeClosedDataDir(workflowDir, [...plantedEvents(), ...decoyEvents()]);
  const ledgers = join(root, 'loops');
  cpSync(join(EXAMPLES, 'fixtures', 'loopctl', 'ledgers'), ledgers, { recursive: true });
  const events = join(ledgers, 'events.jsonl');
  writeFileSync(events, readFileSync(events, 'utf8').replace('run the tests and read both config files', 'run the tests for Ελλάδα'));
  const harness = join(root, 'chat');
  cpSync(join(EXAMPLES, 'fixtures', 'sessions'), harness, { recursive: true });
  const trace = join(harness, '.little-harness', 'sessions', 'sess_workflow', 'trace.ndjson');
  const lines = readFileSync(trace, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.includes('"sequence":13,'));
  const record = JSON.parse(lines[at]) as { metadata: { output: { preview: string } } };
  record.metadata.output.preview = 'Grüße aus München 🍺';
  lines[at] = JSON.stringify(record);
  writeFileSync(trace, lines.join('\n'));
  return { root, workflowDir, ledgers, harness };
}
