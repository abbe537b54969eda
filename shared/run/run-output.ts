/**
 * Where a run's or a step's whole output lives when the head carries only a preview: the output
 * artifact (`run.artifact`), or the `output` field of the RunCompleted / StepCompleted event
 * (`run.event`). The overview and the steps view both read it from here.
 */
import type { EventEnvelope } from '../events/envelope';
import type { JsonPreview } from './json-preview';
import type { RunHead } from './run-head-types';

/** Where to fetch the whole output: an artifact ref, an event's `output`, or nowhere. */
export type OutputSource = { kind: 'artifact'; ref: string } | { kind: 'event'; sequence: number } | null;

/** The sequence of the RunCompleted event that carries the run's output, when the log ends with one. */
export function runCompletedSequence(head: Pick<RunHead, 'boundary'>): number | undefined {
  const last = head.boundary?.lastEvent;
  return last?.type === 'RunCompleted' ? last.sequence : undefined;
}

/** Where the run's whole output comes from (the artifact wins: the event may carry only its ref). */
export function runOutputSource(head: Pick<RunHead, 'state' | 'boundary'>): OutputSource {
  if (head.state.outputRef) return { kind: 'artifact', ref: head.state.outputRef };
  const sequence = runCompletedSequence(head);
  return sequence === undefined ? null : { kind: 'event', sequence };
}

/** The `output` a completion event carries (null when it has none or the payload did not parse). */
export function eventOutput(event: EventEnvelope | null): unknown {
  const payload = event?.payload;
  return payload !== null && typeof payload === 'object' && 'output' in payload ? ((payload as { output?: unknown }).output ?? null) : null;
}

/** An artifact payload preview as a value to show: the value, or its cut text marked as cut. */
export function previewValue(preview: JsonPreview): unknown {
  return preview.truncated ? `${preview.text}… (${preview.totalChars.toLocaleString('en-US')} characters; cut)` : preview.value;
}
