/**
 * Builds the harness view of one run from its events, incrementally: `add(event)` is O(1)
 * amortised and `snapshot()` is linear in the items, so a live tail can call both freely
 * and a 200k-event run stays linear.
 */
import type { EventEnvelope } from '../../events/envelope';
import { isHarnessEventType, normalizeHarnessEventType } from '../../events/event-names';
import { assertNever } from '../../assert-never';
import { forkHolder, frozenFields, plainFields, type CowScope } from '../copy-on-write';
import { isObject, stringField } from '../payload-fields';
import { ExecuteStepTracker } from './execute-steps';
import type { HarnessSession, HarnessView, ModelTurn, ToolCallItem } from './harness-types';
import { ModelTurnTracker } from './model-turns';
import { copySession, laneOf, SessionTracker, type PreviousEvent } from './session-tracker';
import { ToolCallTracker } from './tool-calls';

/**
 * What the builder keeps of the bodies: `keep` all of them (the OTLP mapping, the live
 * capture), or `previews`, only what the run view's lite harness view shows of them
 * (shared/run/lite-harness-view.ts): no model request, no execute_step output, a session
 * result cut to its `kind`, a response cut to its `text` when it has one. A run accumulator
 * keeps previews, so its memory and checkpoints stay proportional to what is shown.
 */
export type HarnessBodies = 'keep' | 'previews';

/** A builder's state frozen at one event (HarnessViewBuilder.freeze): plain data sharing the builder's containers. */
export type FrozenHarness = { readonly frozenHarness: true };

type TrackerFields = { sessions: SessionTracker; turns: ModelTurnTracker; tools: ToolCallTracker; steps: ExecuteStepTracker };

/** Incremental builder for a run's harness view; feed events in sequence order. */
export class HarnessViewBuilder {
  private sessions = new SessionTracker();
  private turns = new ModelTurnTracker();
  private tools = new ToolCallTracker();
  private steps = new ExecuteStepTracker();
  private runId: string | undefined;
  private previous: PreviousEvent;
  private eventCount = 0;

  constructor(private readonly bodies: HarnessBodies = 'keep') {}

  /**
   * A builder from a structured clone of one (a checkpoint): the clone keeps every field, Map
   * and array but not the classes, so their prototypes are put back. `clone` is taken over.
   */
  static revive(clone: unknown): HarnessViewBuilder {
    const builder = Object.setPrototypeOf(clone, HarnessViewBuilder.prototype) as HarnessViewBuilder;
    Object.setPrototypeOf(builder.sessions, SessionTracker.prototype);
    Object.setPrototypeOf(builder.turns, ModelTurnTracker.prototype);
    Object.setPrototypeOf(builder.tools, ToolCallTracker.prototype);
    Object.setPrototypeOf(builder.steps, ExecuteStepTracker.prototype);
    return builder;
  }

  /**
   * The state so far as a snapshot that costs no copy: the builder's fields and its trackers'
   * (their containers and items shared). Never change it; a builder that goes on adding must be
   * a fork of it (`fork`), which copies what it changes first. Serialised, it is what a
   * checkpoint of the builder holds (`revive` reads it back).
   */
  freeze(): FrozenHarness {
    const { sessions, turns, tools, steps } = this;
    return { ...this, sessions: frozenFields(sessions), turns: frozenFields(turns), tools: frozenFields(tools), steps: frozenFields(steps) } as unknown as FrozenHarness;
  }

  /** `frozen` as plain data (its trackers' overlays flattened): what a checkpoint of it serialises. */
  static plain(frozen: FrozenHarness): FrozenHarness {
    const fields = frozen as unknown as TrackerFields;
    return { ...fields, sessions: plainFields(fields.sessions), turns: plainFields(fields.turns), tools: plainFields(fields.tools), steps: plainFields(fields.steps) } as unknown as FrozenHarness;
  }

  /** A builder continuing from `frozen`, copying what it changes first (copy-on-write.ts). */
  static fork(frozen: FrozenHarness, scope: CowScope): HarnessViewBuilder {
    const fields = frozen as unknown as TrackerFields;
    const builder = forkHolder(HarnessViewBuilder.prototype, fields, scope);
    builder.sessions = forkHolder(SessionTracker.prototype, fields.sessions, scope);
    builder.turns = forkHolder(ModelTurnTracker.prototype, fields.turns, scope);
    builder.tools = forkHolder(ToolCallTracker.prototype, fields.tools, scope);
    builder.steps = forkHolder(ExecuteStepTracker.prototype, fields.steps, scope);
    return builder as unknown as HarnessViewBuilder;
  }

  /** Sessions, model turns, tool calls and execute_step spans held. */
  itemCount(): number {
    return this.sessions.sessions.length + this.turns.turns.length + this.tools.calls.length + this.steps.items.length;
  }

  /** Add the next event of the run. */
  add(event: EventEnvelope): void {
    this.eventCount += 1;
    this.runId ??= event.runId;
    this.apply(event);
    this.previous = { sequence: event.sequence, recordedAt: event.recordedAt };
  }

  /** Add many events in order; returns the builder for chaining. */
  addAll(events: Iterable<EventEnvelope>): this {
    for (const event of events) this.add(event);
    return this;
  }

  private apply(event: EventEnvelope): void {
    const type = normalizeHarnessEventType(event.type);
    if (!isHarnessEventType(type)) {
      this.noteRetryMarker(type, event);
      return;
    }
    const lane = laneOf(event.payload);
    switch (type) {
      case 'harness.session.started':
        this.sessions.start(event, this.previous);
        return;
      case 'harness.session.completed': {
        const session = this.sessions.end(event, 'completed');
        // The resume check reads only the result's `kind`.
        if (session !== undefined && this.bodies === 'previews' && isObject(session.result)) {
          session.result = Object.hasOwn(session.result, 'kind') ? { kind: session.result.kind } : {};
        }
        return;
      }
      case 'harness.session.failed':
        this.sessions.end(event, 'failed');
        return;
      case 'harness.model.called':
        return this.track(lane, 'modelTurnIds', (session) => this.trimTurn(this.turns.called(event, lane, session, this.bodies !== 'previews')));
      case 'harness.model.responded':
        return this.track(lane, 'modelTurnIds', (session) => this.trimTurn(this.turns.responded(event, lane, session)));
      case 'harness.model.failed':
        return this.track(lane, 'modelTurnIds', (session) => this.turns.failed(event, lane, session));
      case 'harness.tool_call.started':
        return this.track(lane, 'toolCallIds', (session) => this.tools.started(event, lane, session, this.turns));
      case 'harness.tool_call.succeeded':
        return this.track(lane, 'toolCallIds', (session) => this.tools.ended(event, lane, session, 'succeeded'));
      case 'harness.tool_call.failed':
        return this.track(lane, 'toolCallIds', (session) => this.tools.ended(event, lane, session, 'failed'));
      case 'harness.execute_step.started':
        return this.track(lane, 'executeStepIds', (session) => this.steps.started(event, lane, session));
      case 'harness.execute_step.succeeded':
        return this.track(lane, 'executeStepIds', (session) => {
          const item = this.steps.succeeded(event, lane, session, this.bodies !== 'previews');
          // Only a builder revived from an older checkpoint still holds one.
          if (this.bodies === 'previews' && 'output' in item) delete item.output;
          return item;
        });
      default:
        assertNever(type, 'harness event type');
    }
  }

  // With `previews`, a turn keeps no request and, of a response with a `text`, only that text.
  private trimTurn(turn: ModelTurn): ModelTurn {
    if (this.bodies !== 'previews') return turn;
    // Only a builder revived from an older checkpoint still holds one.
    if ('request' in turn) delete turn.request;
    if (isObject(turn.response) && 'text' in turn.response) turn.response = { text: turn.response.text };
    return turn;
  }

  // Runs one tracker step and, when it created a new item, lists it under its session.
  private track(lane: string, list: 'modelTurnIds' | 'toolCallIds' | 'executeStepIds', step: (session: number | undefined) => { id: number }): void {
    const before = this.listLength(list);
    const sessionId = this.sessions.sessionFor(lane);
    const item = step(sessionId);
    // Counted again, not through the array read before: a forked tracker replaces its arrays by copies.
    if (this.listLength(list) > before && sessionId !== undefined) this.sessions.listItem(sessionId, list, item.id);
  }

  private listLength(list: 'modelTurnIds' | 'toolCallIds' | 'executeStepIds'): number {
    if (list === 'modelTurnIds') return this.turns.turns.length;
    return list === 'toolCallIds' ? this.tools.calls.length : this.steps.items.length;
  }

  // Events that start a legitimately new session of a lane make a repeat a retry, not a resume.
  private noteRetryMarker(type: string, event: EventEnvelope): void {
    if (type === 'StepAttemptStarted' || type === 'StepFailed' || type === 'StepRepairAttempted') {
      const stepPath = stringField(event.payload, 'stepPath');
      if (stepPath !== undefined) this.sessions.noteRetryMarker(stepPath, event.sequence);
    } else if (type === 'PlannerStarted') {
      this.sessions.noteRetryMarker('', event.sequence);
    }
  }

  /** The view so far. Items are fresh copies; statuses of unfinished calls are resolved here. */
  snapshot(): HarnessView {
    return this.build(true);
  }

  /**
   * The view so far WITHOUT copying the items: it shares the builder's sessions, turns, calls
   * and steps (only an item whose status resolves otherwise is a copy). Read it before the next
   * `add` and never change it. Saves copying a 200,000-event run's items when a head is cut.
   */
  view(): HarnessView {
    return this.build(false);
  }

  private build(copy: boolean): HarnessView {
    const sessions = copy ? this.sessions.sessions.map(copySession) : this.sessions.sessions;
    const endOf = (sessionId: number | undefined): HarnessSession | undefined => this.sessions.finalSession(sessionId);
    const modelTurns = this.turns.turns.map((turn) => resolveTurn(turn, endOf(turn.sessionId), copy));
    const toolCalls = this.tools.calls.map((call) => resolveTool(call, endOf(call.sessionId), copy));
    const executeSteps = this.steps.items.map((item) => {
      const owner = endOf(item.sessionId);
      const closed = item.status === 'open' && item.supersededBySequence === undefined && owner !== undefined && owner.status !== 'open';
      if (!copy && !closed) return item;
      const out = { ...item, sequences: [...item.sequences] };
      if (closed) out.closedBySessionEndSequence = owner.endSequence;
      return out;
    });
    const unpaired = [...this.sessions.unpaired, ...this.turns.unpaired, ...this.tools.unpaired, ...this.steps.unpaired];
    return {
      runId: this.runId,
      parentRunId: this.sessions.parentRunId,
      sessions,
      modelTurns,
      toolCalls,
      executeSteps,
      subRuns: this.tools.subRuns().map((link) => ({ ...link, via: [...link.via], sequences: [...link.sequences] })),
      resumes: this.sessions.resumes.map((marker) => ({ ...marker })),
      unpairedSequences: unpaired.sort((a, b) => a - b),
      eventCount: this.eventCount,
      lastSequence: this.previous?.sequence,
    };
  }
}

/** Build the harness view of a run in one pass. */
export function buildHarnessView(events: Iterable<EventEnvelope>): HarnessView {
  return new HarnessViewBuilder().addAll(events).snapshot();
}

// A call with no terminal is in flight while its (resumed) session is open, orphaned after.
function unfinishedStatus(owner: HarnessSession | undefined): 'in-flight' | 'orphaned' {
  return owner === undefined || owner.status === 'open' ? 'in-flight' : 'orphaned';
}

// The turn with its status resolved: a copy (`copy`, or when the status differs), else the turn itself.
function resolveTurn(turn: ModelTurn, owner: HarnessSession | undefined, copy: boolean): ModelTurn {
  const lastFailure = turn.failures[turn.failures.length - 1];
  let status: ModelTurn['status'];
  if (turn.respondedSequence !== undefined) status = 'responded';
  else if (lastFailure !== undefined && lastFailure.willRetry !== true) status = 'failed';
  else status = unfinishedStatus(owner);
  if (!copy) return status === turn.status ? turn : { ...turn, status };
  return {
    ...turn,
    status,
    failures: turn.failures.map((failure) => ({ ...failure })),
    toolCalls: turn.toolCalls.map((call) => ({ ...call })),
    duplicateCalledSequences: [...turn.duplicateCalledSequences],
    toolCallItemIds: [...turn.toolCallItemIds],
    sequences: [...turn.sequences],
  };
}

// The call with its status resolved: a copy (`copy`, or when the status differs), else the call itself.
function resolveTool(call: ToolCallItem, owner: HarnessSession | undefined, copy: boolean): ToolCallItem {
  const status = call.endSequence === undefined ? unfinishedStatus(owner) : call.status;
  if (!copy) return status === call.status ? call : { ...call, status };
  return { ...call, status, sequences: [...call.sequences] };
}
