/**
 * Step attempts as spans: one span per attempt of every folded step (visits, parallel branches
 * and retries each get their own), parented as the timeline nests them (shared/timeline
 * step-path-tree.ts): a visit under its step's nearest real ancestor, a branch under its
 * parallel step's attempt n, a step inside a branch under the branch's step.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { foldedEventType } from '../fold/folded-event-types';
import { isRecord, stringValue } from '../fold/payload-values';
import type { MaterializedStepAttempt } from '../fold/run-state-types';
import { parseTime } from '../timeline/time-axis';
import { placePath, retriedParallelSteps } from '../timeline/step-path-tree';
import type { OtlpSpanData } from './otlp-span-types';
import { attrs, errorMessage, errorType, notBefore, type SpanContext } from './span-context';
import { stepList } from '../fold/step-list';
import { openItemStatus } from '../status/display-status';

/** The opening and (last) closing event of one attempt, in the fold's own order. */
type AttemptEvents = { open: EventEnvelope; close?: EventEnvelope };

/** One attempt's span id and start, for parenting what happened during it. */
type AttemptRef = { spanId: string; attemptId: string; startMs: number | null };

/** Finds the span a step-scoped item (a nested step, a session, a call) belongs under. */
export class StepParents {
  private readonly retried: ReadonlySet<string>;

  constructor(
    private readonly attempts: ReadonlyMap<string, readonly AttemptRef[]>,
    private readonly rootSpanId: string,
  ) {
    this.retried = retriedParallelSteps(attempts.keys());
  }

  /** The attempt of `stepPath` (or its nearest ancestor with attempts) running at `at`; else the root. */
  forStep(stepPath: string | undefined, at: string | undefined): string {
    if (stepPath === undefined) return this.rootSpanId;
    const own = this.attempts.get(stepPath);
    if (own && own.length > 0) return pickAttempt(own, at);
    return this.forAncestor(stepPath, at);
  }

  /** The span a step's attempts hang under: the nearest ancestor step's attempt, else the root. */
  forAncestor(stepPath: string, at: string | undefined): string {
    let path = stepPath;
    for (let guard = 0; guard < 64; guard += 1) {
      const place = placePath(path, this.retried);
      if (place.kind === 'top') return this.rootSpanId;
      const ancestor = place.kind === 'branch' ? place.step : place.parent;
      const list = this.attempts.get(ancestor);
      if (list && list.length > 0) {
        if (place.kind === 'branch') {
          const nth = list.find((a) => a.attemptId === `attempt_${place.attempt}`);
          if (nth) return nth.spanId;
        }
        return pickAttempt(list, at);
      }
      path = ancestor;
    }
    return this.rootSpanId;
  }
}

/** The latest attempt started at or before `at`, else the first. */
function pickAttempt(list: readonly AttemptRef[], at: string | undefined): string {
  const t = parseTime(at);
  let chosen = list[0];
  if (t === null) return chosen.spanId;
  for (const attempt of list) if (attempt.startMs !== null && attempt.startMs <= t) chosen = attempt;
  return chosen.spanId;
}

/**
 * Which events opened and closed each attempt, replaying the fold's rule: StepAttemptStarted
 * opens one; StepCompleted / StepFailed close the last one, or make a synthetic one when none.
 */
function attemptEvents(events: readonly EventEnvelope[]): Map<string, AttemptEvents[]> {
  const byStep = new Map<string, AttemptEvents[]>();
  for (const event of events) {
    const kind = foldedEventType(normalizeHarnessEventType(event.type));
    if (kind !== 'StepAttemptStarted' && kind !== 'StepCompleted' && kind !== 'StepFailed') continue;
    if (!isRecord(event.payload)) continue;
    const stepPath = stringValue(event.payload.stepPath);
    if (stepPath === undefined) continue;
    let list = byStep.get(stepPath);
    if (!list) byStep.set(stepPath, (list = []));
    if (kind === 'StepAttemptStarted') list.push({ open: event });
    else if (list.length === 0) list.push({ open: event, close: event });
    else list[list.length - 1].close = event;
  }
  return byStep;
}

/** Spans of every step attempt, and the parent finder for items inside steps. */
export function stepAttemptSpans(ctx: SpanContext): { spans: OtlpSpanData[]; parents: StepParents } {
  const { state, events } = ctx.input;
  const opened = attemptEvents(events);
  const refs = new Map<string, AttemptRef[]>();
  const pending: Array<{ stepPath: string; attempt: MaterializedStepAttempt; index: number; ev?: AttemptEvents; ref: AttemptRef }> = [];
  for (const step of stepList(state)) {
    const list: AttemptRef[] = [];
    step.attempts.forEach((attempt, index) => {
      const ev = opened.get(step.stepPath)?.[index];
      const spanId = ev ? ctx.ids.forEvent(ev.open.eventId, ev.open.sequence) : ctx.ids.forKey(`step\u0000${step.stepPath}\u0000${index}`);
      const ref = { spanId, attemptId: attempt.attemptId, startMs: parseTime(attempt.startedAt) };
      list.push(ref);
      pending.push({ stepPath: step.stepPath, attempt, index, ev, ref });
    });
    refs.set(step.stepPath, list);
  }
  const parents = new StepParents(refs, ctx.rootSpanId);
  const spans = pending.map(({ stepPath, attempt, index, ev, ref }): OtlpSpanData => {
    const step = state.steps[stepPath];
    const closed = attempt.status !== 'running' && attempt.finishedAt !== undefined;
    const open = closed ? null : ctx.unfinished('step attempt in flight');
    const endTime = closed ? attempt.finishedAt! : open!.endTime;
    const status = attempt.status === 'completed'
      ? { code: 'ok' as const }
      : attempt.status === 'failed'
        ? { code: 'error' as const, ...(errorMessage(attempt.error) ? { message: errorMessage(attempt.error) } : {}) }
        : open!.status;
    const visit = /\.visit\[(\d+)\]$/.exec(stepPath);
    // The innermost parallel branch the step is (or runs in): `review[fast-a]`, `review@attempt_2[fast-a].score`.
    const branch = /\[([^\]]*)\](?:\.[^[\]]+)?$/.exec(stepPath);
    const uses = step.metadata?.uses;
    return {
      item: 'step',
      traceId: ctx.traceId,
      spanId: ref.spanId,
      parentSpanId: parents.forAncestor(stepPath, attempt.startedAt),
      name: `step ${stepPath}`,
      spanKind: 'internal',
      startTime: attempt.startedAt,
      endTime: notBefore(attempt.startedAt, endTime),
      status,
      attributes: attrs({
        'little.span.kind': 'step',
        'little.run.id': ctx.input.runId,
        'little.step.path': stepPath,
        'little.step.attempt_id': attempt.attemptId,
        'little.step.attempt': index + 1,
        'little.step.status': openItemStatus(attempt.status, 'running', ctx.crashed),
        'little.step.visit': visit ? Number(visit[1]) : undefined,
        'little.step.branch_key': !visit && branch ? branch[1] : undefined,
        'little.step.uses': typeof uses === 'string' ? uses : undefined,
        'little.span.open': open?.end.kind === 'open' ? true : undefined,
        'error.type': attempt.status === 'failed' ? (errorType(attempt.error) ?? 'StepFailed') : open?.end.kind === 'crash' ? 'crashed' : undefined,
      }),
      events: [],
      links: [],
      end: closed ? { kind: 'event', sequence: ev?.close?.sequence ?? ev?.open.sequence ?? 0 } : open!.end,
      openSequence: ev?.open.sequence ?? null,
    };
  });
  return { spans, parents };
}
