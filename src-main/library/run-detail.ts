/**
 * Build the run view's detail for one run: fold, report, harness view, crash boundary, resume
 * plan and integrity findings, with heavy bodies cut to previews (see shared/run).
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import { crashBoundary } from '../../shared/fold/crash/crash-boundary';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import { buildHarnessView } from '../../shared/fold/harness/harness-view';
import type { MaterializedRunState } from '../../shared/fold/run-state-types';
import { foldTolerant } from '../../shared/run/fold-tolerant';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { pricingProvenance } from '../../shared/pricing/staleness';
import { runReport } from '../../shared/report/run-report';
import { jsonPreview } from '../../shared/run/json-preview';
import { buildTimeline } from '../../shared/timeline/build-timeline';
import type { RunDetail, RunStateHead } from '../../shared/run/run-detail-types';
import { lockInfo } from '../sources/little-workflow/run-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { liteHarnessView } from '../../shared/run/lite-harness-view';
import { pendingCycleFor } from '../sources/little-workflow/outer-loop-facts';
import { readRunLogAsync, yieldToLoop } from '../sources/little-workflow/read-log-async';
import { checkRunLog } from '../sources/little-workflow/run-check';
import { stepDetails } from '../../shared/run/step-details';

import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';

/** Inputs besides the log: the run's row in the library and its neighbours' statuses. */
export type RunDetailContext = { summary: RunSummary; siblings: readonly RunSummary[]; table: PriceTable };

/** Everything the run view shows, or a diagnostic when the run has no events. */
export async function loadRunDetail(reader: DataDirReader, runId: string, context: RunDetailContext): Promise<Result<RunDetail>> {
  const parts = await loadRunDetailParts(reader, runId, context);
  return parts.ok ? ok({ ...parts.value.detail, findings: parts.value.checkFindings() }) : parts;
}

/**
 * The detail without its integrity findings, and the check that finds them. The check
 * recomputes every eventId (canonical JSON + sha256) and reads artifacts and manifests: about
 * 1.4 s of a 200,000-event run's 3 s, so the run view gets the rest first.
 */
export async function loadRunDetailParts(
  reader: DataDirReader,
  runId: string,
  context: RunDetailContext,
): Promise<Result<{ detail: RunDetail; checkFindings(): Diagnostic[] }>> {
  const log = await readRunLogAsync(reader, runId);
  if (log.events.length === 0 && log.undecodable.length === 0) {
    return fail(log.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: reader.path }));
  }
  const { state, reportError } = foldTolerant(runId, log.events, context.table);
  await yieldToLoop();
  const harness = buildHarnessView(log.events);
  const lock = lockInfo(reader.path, runId);
  const subRunStatuses = Object.fromEntries(context.siblings.map((s): [string, SubRunStatus] => [s.runId, s.crashed ? 'crashed' : s.status]));
  const boundary = crashBoundary(log.events, state, {
    harnessView: harness,
    lockOwner: LOCK_FACT[lock.state],
    subRunStatuses,
    ...pendingCycleFor(reader.path, runId),
  });
  const recorded = log.events.map((e) => e.recordedAt);
  const dataDir = reader.path;
  const detail: RunDetail = {
    ref: { dataDir: reader.path, runId },
    summary: context.summary,
    state: stateHead(state),
    steps: stepDetails(state, log.events),
    report: reportError === null ? runReport(state) : null,
    reportError,
    boundary,
    harness: liteHarnessView(harness),
    findings: [],
    pricing: pricingProvenance(context.table, new Date()),
    lock,
    eventTypeCounts: countTypes(log.events),
    firstRecordedAt: recorded[0] ?? null,
    lastRecordedAt: recorded.at(-1) ?? null,
    lastSequence: Math.max(log.events.at(-1)?.sequence ?? 0, log.undecodable.at(-1)?.sequence ?? 0),
    timeline: buildTimeline({ steps: Object.values(state.steps), harness, boundary, recordedAt: recorded }),
  };
  return ok({ detail, checkFindings: () => checkRunLog(dataDir, runId, log) });
}

function stateHead(state: MaterializedRunState): RunStateHead {
  return {
    runId: state.runId,
    workflowVersionId: state.workflowVersionId,
    status: state.status,
    startedAt: state.startedAt,
    finishedAt: state.finishedAt,
    outputRef: state.outputRef,
    ...('output' in state ? { output: jsonPreview(state.output, 4000) } : {}),
    ...(state.error !== undefined ? { error: jsonPreview(state.error, 4000) } : {}),
    usage: state.usage,
    artifacts: state.artifacts,
    eventCount: state.eventCount,
  };
}

function countTypes(events: readonly EventEnvelope[]): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return { ...counts };
}
