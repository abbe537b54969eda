/**
 * The OTLP mapping's input gathered one event at a time, as the log is read: the run folded by
 * the run accumulator (the tolerant fold the run view shows), the harness view (with its
 * bodies only when the export sends content: requests, responses, tool arguments and results;
 * else as previews, like the run view's), the crash boundary's log facts, and the log itself
 * slimmed to what the mappers read.
 *
 * The mappers look events up by sequence (a span's id comes from the eventId of the event that
 * opened it, a call's usage from its responded event, a tool call's id from its started event)
 * and count them, so every envelope is kept, but only the payloads they read: the payloads of
 * other types (model requests, step outputs, tool results: most of a log's bytes) are dropped
 * as soon as the fold and the harness view have taken what they keep.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { crashBoundaryOf } from '../fold/crash/crash-boundary';
import { LogFactsCollector } from '../fold/crash/log-facts';
import { HarnessViewBuilder } from '../fold/harness/harness-view';
import { isRecord, stringValue } from '../fold/payload-values';
import type { PriceTable } from '../pricing/price-table-types';
import { RunAccumulator } from '../run/run-accumulator';
import type { RunSpanFacts } from './run-span-input';
import type { RunSpanInput } from './span-context';

/** Event kinds whose whole payload a mapper reads (run-spans, model-call-spans, tool-call-spans). */
const PAYLOAD_READ = new Set(['RunStarted', 'OrchestrationRequested', 'WorkflowVersionRegistered', 'ModelCallCompleted', 'harness.model.responded', 'harness.tool_call.started']);
/** Event kinds of which a mapper reads only the step path (step-attempt-spans). */
const STEP_PATH_READ = new Set(['StepAttemptStarted', 'StepCompleted', 'StepFailed']);

/** Collects one run's span input; `input(facts)` once the log is read. */
export class RunSpanInputCollector {
  private readonly accumulator: RunAccumulator;
  private readonly harness: HarnessViewBuilder;
  private readonly logFacts = new LogFactsCollector();
  private readonly events: EventEnvelope[] = [];
  private versionId: string | undefined;

  /** `content`: the spans will carry message contents, tool arguments and results (the harness view keeps its bodies). */
  constructor(
    readonly runId: string,
    private readonly table: PriceTable,
    content: boolean,
  ) {
    this.accumulator = RunAccumulator.create(runId, table, 'fold');
    this.harness = new HarnessViewBuilder(content ? 'keep' : 'previews');
  }

  /** Events added. */
  get count(): number {
    return this.events.length;
  }

  /** Sequence of the last event added (0 before any). */
  get lastSequence(): number {
    return this.events.at(-1)?.sequence ?? 0;
  }

  /** The workflow version the log names first (RunStarted or WorkflowVersionRegistered), for its name. */
  get workflowVersionId(): string | undefined {
    return this.versionId;
  }

  /** Add the next decoded event of the run, in sequence order. */
  add(event: EventEnvelope): void {
    this.accumulator.add(event);
    this.harness.add(event);
    this.logFacts.add(event);
    if (this.versionId === undefined && (event.type === 'RunStarted' || event.type === 'WorkflowVersionRegistered') && isRecord(event.payload)) {
      this.versionId = stringValue(event.payload.workflowVersionId);
    }
    this.events.push(slim(event));
  }

  /** The mapping's input for the events so far (the state and events are shared: map before adding more). */
  input(facts: RunSpanFacts = {}): RunSpanInput {
    const { workflow, conversationId, ...boundaryFacts } = facts;
    const state = this.accumulator.state();
    const harness = this.harness.snapshot();
    const boundary = crashBoundaryOf({ facts: this.logFacts.facts(), eventCount: this.accumulator.count, state, view: harness }, boundaryFacts);
    return { runId: this.runId, events: this.events, state, harness, boundary, table: this.table, ...(workflow ? { workflow } : {}), ...(conversationId ? { conversationId } : {}) };
  }
}

// The envelope with only the payload a mapper reads.
function slim(event: EventEnvelope): EventEnvelope {
  const kind = normalizeHarnessEventType(event.type);
  if (PAYLOAD_READ.has(kind)) return event;
  let payload: Record<string, unknown> | null = null;
  if (STEP_PATH_READ.has(kind) && isRecord(event.payload)) payload = { stepPath: event.payload.stepPath };
  // A view of previews keeps no request: the model it names is read from here (model-call-spans).
  else if (kind === 'harness.model.called' && isRecord(event.payload) && isRecord(event.payload.request)) payload = { request: { model: event.payload.request.model } };
  return { ...event, payload };
}
