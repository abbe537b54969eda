/**
 * Tool calls: `harness.tool_call.started` paired with `succeeded` / `failed` by callId,
 * plus the sub-runs an orchestrator started through them.
 *
 * A resumed in-flight tool call keeps its callId and gets only its terminal event, so the
 * pairing is by id. Legacy events without a callId pair by (lane, tool, callIndex, turn).
 */
import type { EventEnvelope } from '../../events/envelope';
import { appended } from '../../math/appended';
import { copyArray, copyMap, made, owned } from '../copy-on-write';
import { field, numberField, stringField } from '../payload-fields';
import type { SubRunLink, SubRunVia, ToolCallItem } from './harness-types';
import type { ModelTurnTracker } from './model-turns';

const SEP = '\u0000';

/**
 * Collects the tool calls and sub-run links of one run. Read `calls` and `unpaired`, never
 * change them: every change goes through the methods below, which copy a snapshot's first
 * (copy-on-write.ts).
 */
export class ToolCallTracker {
  calls: ToolCallItem[] = [];
  unpaired: number[] = [];
  private byCallId = new Map<string, number>();
  private legacyOpen = new Map<string, number>();
  private subRunsById = new Map<string, SubRunLink>();

  /** Sub-run links in first-seen order. */
  subRuns(): SubRunLink[] {
    return [...this.subRunsById.values()];
  }

  /** `harness.tool_call.started`. */
  started(event: EventEnvelope, lane: string, sessionId: number | undefined, turns: ModelTurnTracker): ToolCallItem {
    const payload = event.payload;
    const callId = stringField(payload, 'callId');
    const existingId = callId === undefined ? undefined : this.byCallId.get(callId);
    const call = existingId === undefined ? this.create(callId, lane, sessionId) : this.callToChange(existingId);
    call.sequences = appended(call.sequences, event.sequence);
    if (call.startedSequence !== undefined) return call;
    call.startedSequence = event.sequence;
    call.startedAt = event.recordedAt;
    call.sessionId = sessionId;
    this.readCommonFields(call, event);
    if (callId === undefined) this.openLegacy().set(legacyKey(lane, event.payload), call.id);
    // Only model-issued calls have a requesting turn; `code` calls come from tool.call steps.
    if (call.caller !== 'code') {
      const toolCallId = stringField(payload, 'toolCallId') ?? callId;
      const requester = turns.requestingTurn(lane, toolCallId, call.turn);
      if (requester !== undefined) {
        call.requestedByTurnId = requester.id;
        call.requestedVia = requester.via;
        turns.linkToolCall(requester.id, call.id);
      }
    }
    const subRunId = stringField(field(payload, 'args'), 'subRunId');
    if (subRunId !== undefined) this.linkSubRun(subRunId, 'args.subRunId', call, event.sequence);
    return call;
  }

  /** `harness.tool_call.succeeded` / `failed`. */
  ended(event: EventEnvelope, lane: string, sessionId: number | undefined, outcome: 'succeeded' | 'failed'): ToolCallItem {
    const payload = event.payload;
    const callId = stringField(payload, 'callId');
    let id = callId === undefined ? undefined : this.byCallId.get(callId);
    if (id === undefined && callId === undefined) {
      const key = legacyKey(lane, payload);
      id = this.legacyOpen.get(key);
      if (id !== undefined) this.openLegacy().delete(key);
    }
    let call: ToolCallItem;
    if (id === undefined) {
      (this.unpaired = owned(this, this.unpaired, copyArray)).push(event.sequence);
      call = this.create(callId, lane, sessionId);
      this.readCommonFields(call, event);
    } else {
      call = this.callToChange(id);
    }
    call.sequences = appended(call.sequences, event.sequence);
    if (call.endSequence !== undefined) return call;
    call.endSequence = event.sequence;
    call.endedAt = event.recordedAt;
    call.status = outcome;
    call.completedAfterResume = call.sessionId !== undefined && sessionId !== undefined && sessionId > call.sessionId;
    if (outcome === 'succeeded') {
      call.result = field(payload, 'result');
      call.resultUndefined = field(payload, 'resultUndefined') === true;
      const resultRunId = stringField(call.result, 'runId');
      if (resultRunId !== undefined) this.linkSubRun(resultRunId, 'result.runId', call, event.sequence);
      const reported = stringField(call.result, 'status');
      if (call.subRunId !== undefined && reported !== undefined && this.subRunsById.has(call.subRunId)) this.linkToChange(call.subRunId).reportedStatus = reported;
    } else {
      call.error = field(payload, 'error');
    }
    return call;
  }

  private readCommonFields(call: ToolCallItem, event: EventEnvelope): void {
    const payload = event.payload;
    call.toolName ??= stringField(payload, 'toolName');
    call.caller ??= stringField(payload, 'caller');
    if (call.args === undefined && Object.hasOwn(Object(payload), 'args')) call.args = field(payload, 'args');
    call.callIndex ??= numberField(payload, 'callIndex');
    call.turn ??= numberField(payload, 'turn');
    call.scope ??= field(payload, 'scope');
    call.occurrenceId ??= event.occurrenceId;
  }

  private linkSubRun(runId: string, via: SubRunVia, call: ToolCallItem, sequence: number): void {
    call.subRunId ??= runId;
    if (!this.subRunsById.has(runId)) {
      this.links().set(runId, made(this, { runId, via: [via], toolCallId: call.id, toolName: call.toolName, sequences: [sequence] }));
      return;
    }
    const link = this.linkToChange(runId);
    if (!link.via.includes(via)) link.via.push(via);
    link.sequences.push(sequence);
  }

  // The call `id`, the fork's own copy when it is a snapshot's.
  private callToChange(id: number): ToolCallItem {
    const calls = (this.calls = owned(this, this.calls, copyArray));
    return (calls[id] = owned(this, calls[id], (call) => ({ ...call, sequences: [...call.sequences] })));
  }

  // The sub-run link of `runId` (which exists), the fork's own copy when it is a snapshot's.
  private linkToChange(runId: string): SubRunLink {
    const links = this.links();
    const link = owned(this, links.get(runId)!, (l) => ({ ...l, via: [...l.via], sequences: [...l.sequences] }));
    links.set(runId, link);
    return link;
  }

  private links(): Map<string, SubRunLink> {
    return (this.subRunsById = owned(this, this.subRunsById, copyMap));
  }

  private openLegacy(): Map<string, number> {
    return (this.legacyOpen = owned(this, this.legacyOpen, copyMap));
  }

  private create(callId: string | undefined, lane: string, sessionId: number | undefined): ToolCallItem {
    const call: ToolCallItem = made(this, {
      id: this.calls.length,
      callId,
      stepPath: lane === '' ? undefined : lane,
      sessionId,
      status: 'in-flight',
      resultUndefined: false,
      completedAfterResume: false,
      sequences: [],
    });
    (this.calls = owned(this, this.calls, copyArray)).push(call);
    if (callId !== undefined) (this.byCallId = owned(this, this.byCallId, copyMap)).set(callId, call.id);
    return call;
  }
}

function legacyKey(lane: string, payload: unknown): string {
  const parts = [lane, stringField(payload, 'toolName') ?? '', numberField(payload, 'callIndex') ?? '', numberField(payload, 'turn') ?? ''];
  return parts.join(SEP);
}
