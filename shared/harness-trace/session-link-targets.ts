/**
 * Where a session item links in the workflow event logs (see
 * src-main/sources/little-harness/session-links.ts for the keys): the events.db events of the
 * same occurrence, the run a workflow tool call started, the step an execute_step ran.
 */
import type { SessionItem } from './session-model';
import type { SessionLinks } from './session-view-types';

/** One link: a run's event (`sequence`), step (`stepPath`) or the run itself. `dataDir` is the data dir's label. */
export type ItemLink = { text: string; dataDir: string; runId: string; sequence?: number; stepPath?: string };

/** The links of `item`, in events.db order. */
export function itemLinks(item: SessionItem, links: SessionLinks): ItemLink[] {
  const out: ItemLink[] = [];
  const occurrenceId = item.kind === 'model-call' || item.kind === 'tool-call' || item.kind === 'event' ? item.occurrenceId : undefined;
  if (occurrenceId !== undefined) {
    for (const e of links.events) {
      if (e.occurrenceId === occurrenceId) out.push({ text: `${e.runId} #${e.sequence} ${e.type}`, dataDir: e.dataDir, runId: e.runId, sequence: e.sequence });
    }
  }
  if (item.kind === 'tool-call' && item.toolCallId !== '') {
    // A workflow tool's run is `run_<handle>_<toolCallId>`.
    for (const r of links.runs) if (r.runId.endsWith(`_${item.toolCallId}`)) out.push({ text: `workflow run ${r.runId}`, dataDir: r.dataDir, runId: r.runId });
  }
  if (item.kind === 'event' && item.runId !== undefined && item.stepPath !== undefined) {
    const run = links.runs.find((r) => r.runId === item.runId);
    if (run) out.push({ text: `step ${item.stepPath} of ${run.runId}`, dataDir: run.dataDir, runId: run.runId, stepPath: item.stepPath });
  }
  return out;
}
