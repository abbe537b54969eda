/**
 * Full bodies for the report where RunDetail only carries short previews (600 characters for
 * harness texts, 2,000 for step outputs) and the report's cap is larger: one read of the log
 * between the first and the last event needed, picking payload fields by sequence.
 */
import type { RunDetail } from '../../../shared/run/run-detail-types';
import type { JsonPreview } from '../../../shared/run/json-preview';
import type { ReportBodies } from '../../../shared/report-export/harness-section';
import type { DataDirReader } from './store-types';
import { extent } from '../../../shared/math/extent';

type Want = { sequence: number; field: 'response' | 'args' | 'result' | 'error' | 'output'; put: (value: unknown) => void };

/** True when a preview was cut shorter than `maxText`, so the full body would show more. */
function needsBody(preview: JsonPreview | undefined, maxText: number): boolean {
  return preview !== undefined && preview.truncated && preview.text.length < maxText;
}

/** Fetch the bodies `detail`'s previews cut short of `maxText`; empty when none is needed. */
export function readExportBodies(reader: DataDirReader, detail: RunDetail, maxText: number): ReportBodies {
  const bodies: Required<ReportBodies> = { modelResponses: {}, toolArgs: {}, toolResults: {}, toolErrors: {}, stepOutputs: {} };
  const wants: Want[] = [];
  const want = (sequence: number | undefined, field: Want['field'], put: Want['put']) => {
    if (sequence !== undefined) wants.push({ sequence, field, put });
  };
  for (const t of detail.harness.modelTurns) {
    if (needsBody(t.responseText, maxText)) want(t.respondedSequence, 'response', (v) => (bodies.modelResponses[t.id] = { value: responseText(v) }));
  }
  for (const c of detail.harness.toolCalls) {
    if (needsBody(c.args, maxText)) want(c.startedSequence, 'args', (v) => (bodies.toolArgs[c.id] = { value: v }));
    if (needsBody(c.result, maxText)) want(c.endSequence, 'result', (v) => (bodies.toolResults[c.id] = { value: v }));
    if (needsBody(c.error, maxText)) want(c.endSequence, 'error', (v) => (bodies.toolErrors[c.id] = { value: v }));
  }
  for (const s of detail.steps) {
    if (needsBody(s.output, maxText)) want(s.completedSequence, 'output', (v) => (bodies.stepOutputs[s.stepPath] = { value: v }));
  }
  if (wants.length === 0) return {};
  const bySequence = new Map<number, Want[]>();
  for (const w of wants) bySequence.set(w.sequence, [...(bySequence.get(w.sequence) ?? []), w]);
  const span = extent(bySequence.keys());
  if (span === null) return {};
  const { min: first, max: last } = span;
  for (const read of reader.readEvents(detail.ref.runId, first - 1)) {
    if (!read.ok) {
      if (read.sequence === null || read.sequence > last) break;
      continue;
    }
    if (read.event.sequence > last) break;
    const payload = read.event.payload;
    for (const w of bySequence.get(read.event.sequence) ?? []) {
      if (typeof payload === 'object' && payload !== null && Object.hasOwn(payload, w.field)) w.put((payload as Record<string, unknown>)[w.field]);
    }
  }
  return bodies;
}

// The same text the run view previews: a response's `text` when it has one.
function responseText(response: unknown): unknown {
  return typeof response === 'object' && response !== null && 'text' in response ? (response as { text: unknown }).text : response;
}
