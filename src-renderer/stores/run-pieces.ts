/**
 * The open run's pieces a pane asks main for: findings, costs, a step, a harness item (each
 * refetched when the run's model is rebuilt, use-run-fetch.ts), the report's text, the run's
 * whole output, the next step boundary. Views read these; only stores call the api.
 */
import { omittedPayloadMessage } from '../../shared/bundle/bundle-budget';
import { diagnostic, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { CostsModel, HarnessRefs, HarnessSelection, StepView } from '../../shared/run/run-head-types';
import { runItemKey } from '../../shared/run/run-key';
import { eventOutput, previewValue, type OutputSource } from '../../shared/run/run-output';
import { api } from '../api';
import { loaded, type Load } from './load';
import { useRunFetch } from './use-run-fetch';

/** The run's integrity findings as of `build`, when `wanted` (the head came before its check). */
export function useRunFindings(ref: RunRef, build: number, wanted: boolean): Load<Diagnostic[]> {
  return useRunFetch(wanted ? runItemKey(ref, 'findings') : null, build, () => api['run.findings'](ref));
}

/** The run's costs model as of `build`, when `wanted` (a run with no priced call has none). */
export function useRunCosts(ref: RunRef, build: number, wanted: boolean): Load<CostsModel> {
  return useRunFetch(wanted ? runItemKey(ref, 'costs') : null, build, () => api['run.costs'](ref));
}

/** The step at `stepPath` as of `build` (none asked: loading). */
export function useRunStep(ref: RunRef, build: number, stepPath: string | undefined): Load<StepView> {
  return useRunFetch(stepPath === undefined ? null : runItemKey(ref, 'step', stepPath), build, () => api['run.step']({ ...ref, stepPath: stepPath! }));
}

/** The harness item `selection` names (a session, turn or tool call) as of `build`. */
export function useHarnessItem(ref: RunRef, build: number, selection: HarnessSelection | null): Load<HarnessRefs> {
  return useRunFetch(selection === null ? null : runItemKey(ref, selection.kind, selection.id), build, () => api['run.harness']({ ...ref, kind: selection!.kind, id: selection!.id }));
}

/** The report as `little report --table` prints it (the copy button). */
export function runReportText(ref: RunRef): Promise<Result<string>> {
  return api['run.reportText'](ref);
}

/** The nearest step boundary after or before sequence `from` (null: none that way). */
export function seekStepBoundary(ref: RunRef, from: number, direction: 'next' | 'previous'): Promise<Result<number | null>> {
  return api['run.seek']({ dataDir: ref.dataDir, runId: ref.runId, from, direction });
}

/** The run's whole output from where its head says it is (an artifact, or the RunCompleted event). */
export async function fetchRunOutput(ref: RunRef, source: NonNullable<OutputSource>): Promise<Load<unknown>> {
  const { dataDir, runId } = ref;
  if (source.kind === 'artifact') {
    const r = await api['run.artifact']({ dataDir, runId, ref: source.ref });
    return loaded(r.ok ? ok(previewValue(r.value.payload)) : r);
  }
  const r = await api['run.event']({ dataDir, runId, sequence: source.sequence });
  const omitted = r.ok ? r.value.omittedBytes : undefined;
  if (omitted !== undefined) return { phase: 'error', error: diagnostic('unsupported', omittedPayloadMessage('run output', omitted)) };
  return loaded(r.ok ? ok(eventOutput(r.value.event)) : r);
}
