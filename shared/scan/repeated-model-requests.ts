/**
 * Repeated model requests: the same request — canonical JSON of its model, messages and tools —
 * answered several times at one place (a step path, or a planner/orchestrator role), across its
 * sessions and attempts. Only answered sends count (a `harness.model.responded` with the call's
 * callId): a send that failed and was sent again is the model retry storm's business, and a
 * resumed in-flight call is answered under its original callId without a second send. Different
 * places never pool, so a decision loop's visits (`step.visit[n]`) and parallel branches
 * (`step[key]`) asking the same thing are planned, not repeats. Thresholds: docs/SCAN.md.
 */
import { field, objectField, stringField } from '../fold/payload-fields';
import { findingCost, usd, type CallCost, type ScanContext, type ScanEvent, type Scanner } from './scan-context';
import type { ScanFinding } from './scan-types';
import { sessionLabel } from './session-endings';
import { valueKey } from './value-key';

/** Answered sends of one request at one place that make a finding, and that make it an error. */
export const MODEL_REPEAT_MIN = 3;
export const MODEL_REPEAT_ERROR = 6;

/** A request sent more than once at its place. */
type Request = { model: string; stepPath: string | null; place: string; sends: number[]; answers: number[]; calls: CallCost[] };
/**
 * A request sent once so far (nearly all of them: a long run's scan keeps one per model call):
 * one small object instead of a Request and its three lists, which the scavenger would copy.
 * `answer` 0 until answered; `cost` undefined while unanswered or answered without usage.
 */
type Single = { send: number; answer: number; cost: CallCost | undefined };

export class RepeatedModelRequests implements Scanner {
  private readonly requests = new Map<string, Request | Single>();
  /** The request id (place and key) of each call not answered yet. */
  private readonly byCallId = new Map<string, string>();

  constructor(private readonly ctx: ScanContext) {}

  add(e: ScanEvent): void {
    if (e.where === null) return;
    if (e.type === 'harness.model.called') {
      if (e.loneRequest) return; // never three sends of it at its place: no repeat, no key to keep
      const callId = stringField(e.payload, 'callId');
      const request = objectField(e.payload, 'request');
      if (callId === undefined || request === undefined) return;
      // Members in sorted order, so valueKey's fast path takes it (the key is canonical JSON's either way).
      const key = valueKey({ messages: field(request, 'messages') ?? null, model: field(request, 'model') ?? null, tools: field(request, 'tools') ?? null });
      if (key === null) return;
      const id = `${e.where.place}\u0000${key}`;
      const entry = this.requests.get(id);
      if (entry === undefined) this.requests.set(id, { send: e.sequence, answer: 0, cost: undefined });
      else if (isSingle(entry)) {
        this.requests.set(id, {
          model: stringField(request, 'model') ?? 'a model',
          stepPath: e.where.stepPath,
          place: e.where.place,
          sends: [entry.send, e.sequence],
          answers: entry.answer === 0 ? [] : [entry.answer],
          calls: entry.cost === undefined ? [] : [entry.cost],
        });
      } else entry.sends.push(e.sequence);
      this.byCallId.set(callId, id);
      return;
    }
    if (e.type !== 'harness.model.responded') return;
    const callId = stringField(e.payload, 'callId');
    const id = callId === undefined ? undefined : this.byCallId.get(callId);
    const entry = id === undefined ? undefined : this.requests.get(id);
    if (entry === undefined || callId === undefined) return;
    // One answer per send: a second responded of the same callId is not a second request.
    this.byCallId.delete(callId);
    const cost = this.ctx.callCost(callId);
    if (isSingle(entry)) {
      entry.answer = e.sequence;
      entry.cost = cost;
      return;
    }
    entry.answers.push(e.sequence);
    if (cost !== undefined) entry.calls.push(cost);
  }

  finish(out: ScanFinding[]): void {
    for (const entry of this.requests.values()) {
      if (isSingle(entry)) continue; // one send is never a repeat
      const n = entry.answers.length;
      if (n < MODEL_REPEAT_MIN) continue;
      // What the answers after the first cost: they bought nothing the first did not.
      const cost = findingCost(entry.calls.slice(1));
      const where = entry.stepPath === null ? sessionLabel(entry.place, null) : `step ${entry.stepPath}`;
      out.push(
        this.ctx.finding('repeated-model-request', n >= MODEL_REPEAT_ERROR ? 'error' : 'warning', {
          message: `The same request to ${entry.model} was sent and answered ${n} times in ${where} (the repeats: ${usd(cost)})`,
          stepPath: entry.stepPath,
          sequences: [...entry.sends, ...entry.answers],
          costUsd: cost,
          hint: 'An identical request gets an equivalent answer: find why the step asked again (an attempt that failed after the model answered, a loop that does not add what it learned to the messages).',
        }),
      );
    }
  }
}

function isSingle(entry: Request | Single): entry is Single {
  return 'send' in entry;
}
