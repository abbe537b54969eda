/**
 * What each step did besides its totals, for the compare view: the models it called, its tool
 * calls by name, its error, and where its whole output can be fetched (the StepCompleted event,
 * or its artifact). Read from the same events the diff folds.
 */
import type { EventEnvelope } from '../events/envelope';
import { buildHarnessView } from '../fold/harness/harness-view';
import { readModelCall, type ModelCallEventType } from '../fold/model-call';
import type { MaterializedRunState } from '../fold/run-state-types';
import { isRecord, stringValue } from '../fold/payload-values';
import type { OutputSource } from '../run/run-output';

/** One step's activity in one run. */
export type StepActivity = {
  /** `provider/modelId` of each model the step called, in first-call order. */
  models: string[];
  /** Tool calls of the step by tool name. */
  tools: Record<string, number>;
  /** The step's error as short text (null without one). */
  error: string | null;
  /** Where the whole output is fetched from (null: the step has none). */
  output: OutputSource;
};

/** Longest error text kept per step. */
const ERROR_TEXT = 300;

const MODEL_CALL_TYPES: ReadonlySet<string> = new Set<ModelCallEventType>(['ModelCallCompleted', 'harness.model.responded']);

/** Every step's activity in `state` (folded from `events`). */
export function stepActivity(state: MaterializedRunState, events: readonly EventEnvelope[]): Record<string, StepActivity> {
  const out: Record<string, StepActivity> = Object.create(null) as Record<string, StepActivity>;
  for (const step of Object.values(state.steps)) {
    out[step.stepPath] = {
      models: [],
      tools: {},
      error: step.error === undefined ? null : errorText(step.error),
      output: step.outputRef !== undefined ? { kind: 'artifact', ref: step.outputRef } : null,
    };
  }
  // The last StepCompleted carrying `output` is the one the fold kept (a resumed step completes again).
  const completed = new Map<string, number>();
  for (const event of events) {
    const payload = event.payload;
    if (!isRecord(payload)) continue;
    const step = out[stringValue(payload.stepPath) ?? ''];
    if (step === undefined) continue;
    if (event.type === 'StepCompleted' && 'output' in payload) completed.set(stringValue(payload.stepPath)!, event.sequence);
    if (!MODEL_CALL_TYPES.has(event.type)) continue;
    const call = readModelCall(event.type as ModelCallEventType, payload);
    const model = call && `${call.identity.provider ?? '?'}/${call.identity.modelId ?? '?'}`;
    if (model && !step.models.includes(model)) step.models.push(model);
  }
  for (const [path, sequence] of completed) {
    const step = out[path]!;
    if (step.output === null && 'output' in state.steps[path]!) step.output = { kind: 'event', sequence };
  }
  for (const tool of buildHarnessView(events).toolCalls) {
    const step = tool.stepPath === undefined ? undefined : out[tool.stepPath];
    if (step === undefined) continue;
    const name = tool.toolName ?? '(unnamed)';
    step.tools[name] = (step.tools[name] ?? 0) + 1;
  }
  return out;
}

function errorText(error: unknown): string {
  let text: string;
  if (typeof error === 'string') text = error;
  else if (isRecord(error) && typeof error.message === 'string') text = error.message;
  else text = JSON.stringify(error) ?? String(error);
  return text.length > ERROR_TEXT ? `${text.slice(0, ERROR_TEXT)}…` : text;
}
