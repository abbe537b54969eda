/**
 * Harness sessions as `invoke_agent <role>` spans (GenAI semantic conventions' agent span),
 * under the step attempt they worked for, or the run for planner and orchestrator sessions.
 */
import type { HarnessSession, ResumeMarker } from '../fold/harness/harness-types';
import { genAiProviderName } from './gen-ai-provider';
import type { OtlpSpanData, SpanEnd } from './otlp-span-types';
import { attrs, errorMessage, errorType, notBefore, type SpanContext } from './span-context';
import type { StepParents } from './step-attempt-spans';

/** Spans of every session, and each session's span id by session id. */
export function sessionSpans(ctx: SpanContext, parents: StepParents): { spans: OtlpSpanData[]; spanIds: Map<number, string> } {
  const { harness } = ctx.input;
  const spanIds = new Map<number, string>();
  for (const session of harness.sessions) spanIds.set(session.id, ctx.spanIdAt(session.startSequence, `session\u0000${session.id}`));
  const resumeOf = new Map<number, ResumeMarker>(harness.resumes.map((r) => [r.sessionId, r]));
  const supersededAt = new Map<number, ResumeMarker>();
  for (const marker of harness.resumes) supersededAt.set(marker.previousSessionId, marker);
  const spans = harness.sessions.map((session): OtlpSpanData => {
    const ending = sessionEnd(ctx, session, supersededAt.get(session.id));
    const agent = session.role ?? session.manifestKind;
    const resumed = resumeOf.get(session.id);
    return {
      item: 'session',
      traceId: ctx.traceId,
      spanId: spanIds.get(session.id)!,
      parentSpanId: parents.forStep(session.stepPath, session.startedAt),
      name: `invoke_agent ${agent}`,
      spanKind: 'internal',
      startTime: session.startedAt,
      endTime: notBefore(session.startedAt, ending.endTime),
      status: ending.status,
      attributes: attrs({
        'little.span.kind': 'session',
        'little.run.id': ctx.input.runId,
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': agent,
        'gen_ai.agent.id': session.harnessId,
        'gen_ai.provider.name': sessionProvider(ctx, session),
        'little.session.role': session.role,
        'little.session.task_kind': session.taskKind,
        'little.session.lane': session.stepPath ?? '(run)',
        'little.session.status': session.status,
        'little.session.manifest_hash': session.manifestHash,
        'little.session.resume_of': resumed ? spanIds.get(resumed.previousSessionId) : undefined,
        'little.span.open': ending.end.kind === 'open' ? true : undefined,
        'error.type': ending.status.code === 'error' ? (errorType(session.error) ?? (session.status === 'failed' ? 'SessionFailed' : ending.end.kind === 'crash' ? 'crashed' : 'interrupted')) : undefined,
      }),
      events: resumed
        ? [{ name: 'little.resume', time: resumed.recordedAt, attributes: attrs({ 'little.resume.gap_ms': resumed.gapMs ?? undefined, 'little.resume.reason': resumed.reason, 'little.resume.previous_session_span_id': spanIds.get(resumed.previousSessionId) }) }]
        : [],
      links: [],
      end: ending.end,
      openSequence: session.startSequence,
    };
  });
  return { spans, spanIds };
}

/**
 * The provider every model call of the session went to (the conventions require
 * `gen_ai.provider.name` on agent spans); none when it made no call or called several.
 */
function sessionProvider(ctx: SpanContext, session: HarnessSession): string | undefined {
  const names = new Set<string>();
  for (const id of session.modelTurnIds) {
    const name = genAiProviderName(ctx.input.harness.modelTurns[id]?.model?.provider);
    if (name !== undefined) names.add(name);
  }
  return names.size === 1 ? [...names][0] : undefined;
}

type Ending = { end: SpanEnd; endTime: string; status: OtlpSpanData['status'] };

/**
 * A session ends at its terminal event; one left open and then resumed ends where its run
 * stopped (the last event before the resumed start), with an error status saying it was cut
 * off; one still open at the end of the log ends at the crash boundary or stays open.
 */
function sessionEnd(ctx: SpanContext, session: HarnessSession, resumedBy: ResumeMarker | undefined): Ending {
  if (session.status !== 'open' && session.endedAt !== undefined) {
    const message = session.status === 'failed' ? errorMessage(session.error) : undefined;
    return {
      end: { kind: 'event', sequence: session.endSequence ?? session.startSequence },
      endTime: session.endedAt,
      status: session.status === 'completed' ? { code: 'ok' } : { code: 'error', ...(message ? { message } : {}) },
    };
  }
  if (resumedBy !== undefined) {
    return {
      end: { kind: 'event', sequence: resumedBy.sequence },
      endTime: resumedBy.previousEventAt ?? resumedBy.recordedAt,
      status: { code: 'error', message: 'interrupted: the run stopped with this session open; it was resumed as a new session' },
    };
  }
  return ctx.unfinished('session in flight');
}
