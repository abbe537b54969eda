/**
 * Model turns: `harness.model.called` paired with `responded` / `failed` by callId.
 *
 * Pairing is by id, never by adjacency: after a crash the harness re-invokes an in-flight
 * call with the same callId and appends only its terminal event, possibly much later and
 * after a new session start. Legacy events without a callId pair by `turn` within their
 * lane, like little-harness `durability.ts` does (`legacy-turn:<n>`).
 */
import type { EventEnvelope } from '../../events/envelope';
import { appended } from '../../math/appended';
import { copyArray, copyMap, made, owned } from '../copy-on-write';
import { arrayField, field, numberField, objectField, stringField } from '../payload-fields';
import type { ModelTurn } from './harness-types';

const SEP = '\u0000';

/**
 * Collects the model turns of one run. Read `turns` and `unpaired`, never change them: in a
 * forked tracker (copy-on-write.ts) they may be a snapshot's, and every change goes through the
 * methods below, which copy first.
 */
export class ModelTurnTracker {
  turns: ModelTurn[] = [];
  unpaired: number[] = [];
  private byCallId = new Map<string, number>();
  private legacyByLaneTurn = new Map<string, number>();
  private latestByLaneTurn = new Map<string, number>();
  private byLaneToolCallId = new Map<string, number>();

  /**
   * `harness.model.called`. `keepRequest` false (the lite view) never sets `request`: deleting it
   * afterwards turned each of a big run's turns into a slow dictionary-mode object.
   */
  called(event: EventEnvelope, lane: string, sessionId: number | undefined, keepRequest = true): ModelTurn {
    const payload = event.payload;
    const callId = stringField(payload, 'callId');
    const existing = callId === undefined ? undefined : this.byCallId.get(callId);
    if (existing !== undefined && this.turns[existing].calledSequence !== undefined) {
      // The harness never writes a second `called` for one callId; keep the first, note the rest.
      const turn = this.turnToChange(existing);
      turn.duplicateCalledSequences = appended(turn.duplicateCalledSequences, event.sequence);
      turn.sequences = appended(turn.sequences, event.sequence);
      return turn;
    }
    const turn = existing === undefined ? this.create(callId, lane, sessionId) : this.turnToChange(existing);
    turn.turn = numberField(payload, 'turn');
    turn.calledSequence = event.sequence;
    turn.calledAt = event.recordedAt;
    turn.promptHash = stringField(payload, 'promptHash');
    if (keepRequest) turn.request = field(payload, 'request');
    turn.occurrenceId ??= event.occurrenceId;
    turn.sessionId = sessionId;
    turn.sequences = appended(turn.sequences, event.sequence);
    const turnKey = `${lane}${SEP}${turn.turn ?? 1}`;
    if (callId === undefined) this.legacyTurns().set(turnKey, turn.id);
    this.latestTurns().set(turnKey, turn.id);
    return turn;
  }

  /** `harness.model.responded`. */
  responded(event: EventEnvelope, lane: string, sessionId: number | undefined): ModelTurn {
    const turn = this.terminalTarget(event, lane, sessionId);
    const payload = event.payload;
    turn.sequences = appended(turn.sequences, event.sequence);
    if (turn.respondedSequence !== undefined) return turn;
    // Stored as the view resolves it (harness-view.ts resolveTurn), so a view shares the turn instead of copying it.
    turn.status = 'responded';
    turn.respondedSequence = event.sequence;
    turn.respondedAt = event.recordedAt;
    const model = objectField(payload, 'model');
    if (model !== undefined) {
      turn.model = { provider: stringField(model, 'provider'), modelId: stringField(model, 'modelId') };
    }
    const response = field(payload, 'response');
    turn.response = response;
    turn.usage = field(response, 'usage');
    turn.completedAfterResume = isLaterSession(turn.sessionId, sessionId);
    for (const raw of arrayField(response, 'toolCalls') ?? []) {
      const toolCallId = stringField(raw, 'toolCallId');
      turn.toolCalls.push({ toolName: stringField(raw, 'toolName'), args: field(raw, 'args'), toolCallId });
      if (toolCallId !== undefined) this.toolCallIds().set(`${lane}${SEP}${toolCallId}`, turn.id);
    }
    if (turn.callId === undefined) this.legacyTurns().delete(`${lane}${SEP}${turn.turn ?? 1}`);
    return turn;
  }

  /** `harness.model.failed` (kept as one retry of the call when `willRetry` is set). */
  failed(event: EventEnvelope, lane: string, sessionId: number | undefined): ModelTurn {
    const turn = this.terminalTarget(event, lane, sessionId);
    const payload = event.payload;
    const willRetry = field(payload, 'willRetry');
    turn.failures.push({
      sequence: event.sequence,
      recordedAt: event.recordedAt,
      error: field(payload, 'error'),
      attempt: numberField(payload, 'attempt'),
      willRetry: typeof willRetry === 'boolean' ? willRetry : undefined,
      durationMs: numberField(payload, 'durationMs'),
    });
    turn.sequences = appended(turn.sequences, event.sequence);
    if (turn.respondedSequence === undefined) {
      turn.completedAfterResume = isLaterSession(turn.sessionId, sessionId);
      // As the view resolves it: failed unless it retries (an unfinished turn's session decides in-flight or orphaned there).
      turn.status = willRetry === true ? 'in-flight' : 'failed';
    }
    return turn;
  }

  /** The turn a tool call was requested by: via the response's toolCallId, else by turn number. */
  requestingTurn(lane: string, toolCallId: string | undefined, turn: number | undefined):
    { id: number; via: 'toolCallId' | 'turn' } | undefined {
    if (toolCallId !== undefined) {
      const id = this.byLaneToolCallId.get(`${lane}${SEP}${toolCallId}`);
      if (id !== undefined) return { id, via: 'toolCallId' };
    }
    if (turn === undefined) return undefined;
    const id = this.latestByLaneTurn.get(`${lane}${SEP}${turn}`);
    return id === undefined ? undefined : { id, via: 'turn' };
  }

  private terminalTarget(event: EventEnvelope, lane: string, sessionId: number | undefined): ModelTurn {
    const callId = stringField(event.payload, 'callId');
    const turnNumber = numberField(event.payload, 'turn');
    let id = callId === undefined ? undefined : this.byCallId.get(callId);
    if (id === undefined && callId === undefined) id = this.legacyByLaneTurn.get(`${lane}${SEP}${turnNumber ?? 1}`);
    if (id !== undefined) return this.turnToChange(id);
    // A terminal with no `called` before it: keep it visible as its own, unmatched turn.
    (this.unpaired = owned(this, this.unpaired, copyArray)).push(event.sequence);
    const turn = this.create(callId, lane, sessionId);
    turn.turn = turnNumber;
    turn.occurrenceId = event.occurrenceId;
    if (callId === undefined) this.legacyTurns().set(`${lane}${SEP}${turnNumber ?? 1}`, turn.id);
    return turn;
  }

  /** Note that tool call `callId` was requested by turn `turnId`. */
  linkToolCall(turnId: number, callId: number): void {
    const turn = this.turnToChange(turnId);
    turn.toolCallItemIds = appended(turn.toolCallItemIds, callId);
  }

  // The turn `id`, the fork's own copy when it is a snapshot's.
  private turnToChange(id: number): ModelTurn {
    const turns = (this.turns = owned(this, this.turns, copyArray));
    return (turns[id] = owned(this, turns[id], copyTurn));
  }

  private legacyTurns(): Map<string, number> {
    return (this.legacyByLaneTurn = owned(this, this.legacyByLaneTurn, copyMap));
  }

  private latestTurns(): Map<string, number> {
    return (this.latestByLaneTurn = owned(this, this.latestByLaneTurn, copyMap));
  }

  private toolCallIds(): Map<string, number> {
    return (this.byLaneToolCallId = owned(this, this.byLaneToolCallId, copyMap));
  }

  private create(callId: string | undefined, lane: string, sessionId: number | undefined): ModelTurn {
    const turn: ModelTurn = made(this, {
      id: this.turns.length,
      callId,
      sessionId,
      stepPath: lane === '' ? undefined : lane,
      failures: [],
      toolCalls: [],
      status: 'in-flight',
      completedAfterResume: false,
      duplicateCalledSequences: [],
      toolCallItemIds: [],
      sequences: [],
    });
    (this.turns = owned(this, this.turns, copyArray)).push(turn);
    if (callId !== undefined) (this.byCallId = owned(this, this.byCallId, copyMap)).set(callId, turn.id);
    return turn;
  }
}

// A turn with every array the tracker grows copied (failures and tool calls are never changed once pushed).
function copyTurn(turn: ModelTurn): ModelTurn {
  return {
    ...turn,
    failures: [...turn.failures],
    toolCalls: [...turn.toolCalls],
    duplicateCalledSequences: [...turn.duplicateCalledSequences],
    toolCallItemIds: [...turn.toolCallItemIds],
    sequences: [...turn.sequences],
  };
}

function isLaterSession(callSession: number | undefined, terminalSession: number | undefined): boolean {
  return callSession !== undefined && terminalSession !== undefined && terminalSession > callSession;
}
