/**
 * `little-harness doctor <session>` as a pure function of a read trace: the same counts its
 * `doctorSession` (src/trace/inspect.ts @a99f487) prints, plus the torn tail said apart.
 * little-harness counts a torn last line as one more invalid event; `invalidEventCount` does too
 * (same number), and `tornTail` names it so the UI can say "the writer stopped mid-line".
 */
import { isFailureType, TRACE_ARTIFACT_PREFIX } from './trace-names';
import type { TraceEvent, TraceRead } from './trace-reader';
import { isObject as isPlainRecord } from '../fold/payload-fields';

export type DoctorReport = {
  sessionId: string;
  eventCount: number;
  invalidEventCount: number;
  failureCount: number;
  spooledOutputCount: number;
  contentRefCount: number;
  largeTraceArtifactCount: number;
  redactionCount: number;
  failures: Array<{ eventId: string; sequence: number; type: string }>;
  invalidEvents: Array<{ line: number; message: string }>;
  /** Not in little-harness's output: the torn last line, when there is one. */
  tornTail: { line: number; bytes: number } | null;
};

/** Doctor's findings for one session's trace. */
export function doctorReport(sessionId: string, trace: TraceRead): DoctorReport {
  const events = trace.events.map((r) => r.event);
  const failures = events.filter((e) => isFailureType(e.type));
  const refs = events.flatMap((e) => contentRefsIn(e.metadata));
  const invalidEvents = trace.invalid.map((l) => ({ line: l.line, message: l.reason }));
  if (trace.tornTail) invalidEvents.push({ line: trace.tornTail.line, message: 'torn last line (no newline; the writer stopped mid-line)' });
  return {
    sessionId,
    eventCount: events.length,
    invalidEventCount: invalidEvents.length,
    failureCount: failures.length,
    spooledOutputCount: events.filter(hasSpooledOutput).length,
    contentRefCount: refs.length,
    largeTraceArtifactCount: refs.filter((ref) => ref.startsWith(TRACE_ARTIFACT_PREFIX)).length,
    redactionCount: events.filter((e) => hasRedactionMarker(e.metadata)).length,
    failures: failures.map((e) => ({ eventId: e.eventId, sequence: e.sequence, type: e.type })),
    invalidEvents,
    tornTail: trace.tornTail ? { line: trace.tornTail.line, bytes: trace.tornTail.bytes } : null,
  };
}

/** little-harness's exit code for doctor: 2 when anything is invalid or failed. */
export function doctorExitCode(report: DoctorReport): number {
  return report.invalidEventCount > 0 || report.failureCount > 0 ? 2 : 0;
}

/** Every string `contentRef` anywhere under `value` (objects and arrays, depth first). */
export function contentRefsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(contentRefsIn);
  if (!isPlainRecord(value)) return [];
  const own = typeof value.contentRef === 'string' ? [value.contentRef] : [];
  return [...own, ...Object.values(value).flatMap(contentRefsIn)];
}

/** True when some object under `value` says `redacted: true` (content or error envelopes alike). */
export function hasRedactionMarker(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRedactionMarker);
  if (!isPlainRecord(value)) return false;
  return value.redacted === true || Object.values(value).some(hasRedactionMarker);
}

/** A tool event whose output was spooled to a file (`metadata.spooled.path`). */
export function hasSpooledOutput(event: TraceEvent): boolean {
  if (!event.type.startsWith('harness.tool_call.')) return false;
  const spooled = event.metadata?.spooled;
  return isPlainRecord(spooled) && typeof spooled.path === 'string';
}
