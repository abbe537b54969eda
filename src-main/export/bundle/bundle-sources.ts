/**
 * Reading one run for a bundle through the library's run service: the model as the app built it
 * (detail with its integrity findings, cost aggregate, report text), every events-list row,
 * every payload's text as stored, and the artifacts the run names. Nothing here decides what
 * goes in the file (budget, redaction): see build-bundle.ts.
 */
import { ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import type { JsonPreview } from '../../../shared/run/json-preview';
import type { EventRow, RunDetail, RunRef } from '../../../shared/run/run-detail-types';
import type { CostsModel, Slice, SliceSpec } from '../../../shared/run/run-head-types';
import type { EventRead } from '../../sources/little-workflow/store-types';

/** The run service's reads a bundle needs (src-main/library/run-service.ts). */
export type BundleRunReads = {
  detail(ref: RunRef): Promise<Result<RunDetail>>;
  costs(ref: RunRef): Promise<Result<CostsModel>>;
  reportText(ref: RunRef): Promise<Result<string>>;
  slice(ref: RunRef, spec: SliceSpec): Promise<Result<Slice>>;
  streamLog(ref: RunRef): Result<AsyncIterable<EventRead>>;
  artifact(ref: RunRef, artifactRef: string): Promise<Result<{ manifest: Record<string, unknown>; payload: JsonPreview }>>;
};

/** A payload's text as stored (JSON, or the raw text of a row that does not parse). */
export type PayloadText = { sequence: number; text: string };

/** Everything read for one run. */
export type RunReadForBundle = {
  detail: RunDetail;
  costs: CostsModel;
  reportText: string | null;
  rows: EventRow[];
  payloads: PayloadText[];
  artifacts: Array<{ ref: string; read: Result<{ manifest: Record<string, unknown>; payload: JsonPreview }> }>;
  /** Read problems that are not the run's own findings (a log that stopped reading part way). */
  readErrors: Diagnostic[];
};

/** Rows per events-list page read (the channel's own maximum). */
const ROW_PAGE = 1000;

/** Read run `ref` whole. */
export async function readRunForBundle(runs: BundleRunReads, ref: RunRef): Promise<Result<RunReadForBundle>> {
  const detail = await runs.detail(ref);
  if (!detail.ok) return detail;
  const costs = await runs.costs(ref);
  if (!costs.ok) return costs;
  const reportText = await runs.reportText(ref);
  const readErrors: Diagnostic[] = [];
  const payloads = await readPayloads(runs.streamLog(ref), readErrors);
  if (!payloads.ok) return payloads;
  const rows = await readRows(runs, ref, payloads.value.map((p) => p.sequence));
  if (!rows.ok) return rows;
  const artifacts = [];
  for (const artifactRef of artifactRefsOf(detail.value)) artifacts.push({ ref: artifactRef, read: await runs.artifact(ref, artifactRef) });
  return ok({ detail: detail.value, costs: costs.value, reportText: reportText.ok ? reportText.value : null, rows: rows.value, payloads: payloads.value, artifacts, readErrors });
}

/**
 * The events-list rows of the log's `sequences` (ascending). Unfiltered, the list's item i is
 * sequence i + 1 and a gap is a null item, so pages are asked for only where rows are: a
 * sequence far past the others is one page, not a walk through the gap page by page.
 */
async function readRows(runs: BundleRunReads, ref: RunRef, sequences: readonly number[]): Promise<Result<EventRow[]>> {
  const rows: EventRow[] = [];
  // Only a list position can be asked for: a row stored with sequence 0, a fraction or a blob
  // (what a reader makes of it) has none.
  const listed = sequences.filter((sequence) => Number.isSafeInteger(sequence) && sequence >= 1);
  let next = 0;
  while (next < listed.length) {
    const from = listed[next]! - 1;
    const page = await runs.slice(ref, { section: 'events', from, count: ROW_PAGE });
    if (!page.ok) return page;
    for (const item of page.value.items as Array<EventRow | null>) if (item !== null) rows.push(item);
    next += 1;
    while (next < listed.length && listed[next]! <= from + ROW_PAGE) next++;
  }
  return ok(rows);
}

async function readPayloads(log: Result<AsyncIterable<EventRead>>, errors: Diagnostic[]): Promise<Result<PayloadText[]>> {
  if (!log.ok) return log;
  const payloads: PayloadText[] = [];
  for await (const read of log.value) {
    if (read.ok) payloads.push({ sequence: read.event.sequence, text: JSON.stringify(read.event.payload) ?? 'null' });
    else if (read.raw !== null) payloads.push({ sequence: read.sequence, text: read.raw.payloadText });
    else errors.push(read.diagnostic);
  }
  return ok(payloads);
}

/** Every artifact ref the run names (its state, its steps' outputs and artifacts), each once. */
export function artifactRefsOf(detail: RunDetail): string[] {
  const refs = new Set<string>(detail.state.artifacts);
  if (detail.state.outputRef) refs.add(detail.state.outputRef);
  for (const step of detail.steps) {
    if (step.outputRef) refs.add(step.outputRef);
    for (const each of step.artifactRefs) refs.add(each);
  }
  return [...refs];
}
