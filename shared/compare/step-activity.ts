/**
 * What each step did besides its totals, for the compare view: the models it called, its tool
 * calls by name, its error, and where its whole output can be fetched (the StepCompleted event,
 * or its artifact). Read from the same events the diff folds, as they are read.
 */
import type { EventEnvelope } from '../events/envelope';
import { HarnessViewBuilder } from '../fold/harness/harness-view';
import { orderStepPaths } from '../fold/step-order';
import { readModelCall, type ModelCallEventType } from '../fold/model-call';
import type { MaterializedRunState } from '../fold/run-state-types';
import { isRecord, stringValue } from '../fold/payload-values';
import type { OutputSource } from '../run/run-output';
import { stepList } from '../fold/step-list';

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

/**
 * Each step's activity, gathered one event at a time as the log is read (never collected):
 * steps in first-mention order, the models each called, its last StepCompleted carrying an
 * output, and the tool calls of the harness view. `activity(state)` answers for the steps of
 * the fold of the same events.
 */
export class StepActivityCollector {
  private readonly mentioned = new Set<string>();
  private readonly models = new Map<string, string[]>();
  // The last StepCompleted carrying `output` is the one the fold kept (a resumed step completes again).
  private readonly completed = new Map<string, number>();
  private readonly harness = new HarnessViewBuilder('previews');

  /** Note the next event of the run. */
  add(event: EventEnvelope): void {
    this.harness.add(event);
    const payload = event.payload;
    if (!isRecord(payload)) return;
    const stepPath = stringValue(payload.stepPath);
    if (stepPath === undefined) return;
    this.mentioned.add(stepPath);
    if (event.type === 'StepCompleted' && 'output' in payload) this.completed.set(stepPath, event.sequence);
    if (!MODEL_CALL_TYPES.has(event.type)) return;
    const call = readModelCall(event.type as ModelCallEventType, payload);
    const model = call && `${call.identity.provider ?? '?'}/${call.identity.modelId ?? '?'}`;
    if (!model) return;
    const models = this.models.get(stepPath) ?? [];
    if (!models.includes(model)) models.push(model);
    this.models.set(stepPath, models);
  }

  /** The steps of `state` in log order (shared/fold/step-order.ts). */
  order(state: MaterializedRunState): string[] {
    return orderStepPaths(state, this.mentioned);
  }

  /** Every step's activity in `state` (folded from the events added). */
  activity(state: MaterializedRunState): Record<string, StepActivity> {
    const out: Record<string, StepActivity> = Object.create(null) as Record<string, StepActivity>;
    for (const step of stepList(state)) {
      const completed = this.completed.get(step.stepPath);
      let output: OutputSource = null;
      if (step.outputRef !== undefined) output = { kind: 'artifact', ref: step.outputRef };
      else if (completed !== undefined && 'output' in step) output = { kind: 'event', sequence: completed };
      out[step.stepPath] = {
        models: [...(this.models.get(step.stepPath) ?? [])],
        tools: {},
        error: step.error === undefined ? null : errorText(step.error),
        output,
      };
    }
    for (const tool of this.harness.snapshot().toolCalls) {
      const step = tool.stepPath === undefined ? undefined : out[tool.stepPath];
      if (step === undefined) continue;
      const name = tool.toolName ?? '(unnamed)';
      step.tools[name] = (step.tools[name] ?? 0) + 1;
    }
    return out;
  }
}

/** Every step's activity in `state` (folded from `events`). */
export function stepActivity(state: MaterializedRunState, events: Iterable<EventEnvelope>): Record<string, StepActivity> {
  const collector = new StepActivityCollector();
  for (const event of events) collector.add(event);
  return collector.activity(state);
}

function errorText(error: unknown): string {
  let text: string;
  if (typeof error === 'string') text = error;
  else if (isRecord(error) && typeof error.message === 'string') text = error.message;
  else text = JSON.stringify(error) ?? String(error);
  return text.length > ERROR_TEXT ? `${text.slice(0, ERROR_TEXT)}…` : text;
}
