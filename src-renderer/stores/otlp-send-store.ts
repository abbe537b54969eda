/**
 * "Send to tracing backend…": which runs the dialog sends, the settings main keeps, and the
 * send in progress (its `otlp.progress` pushes, its answer, Cancel). Secret header values the
 * user typed live only in the dialog's form state until they are sent; main never hands them back.
 */
import { create } from 'zustand';
import type { RequestOf } from '../../shared/contract';
import type { Diagnostic } from '../../shared/diagnostics';
import type { OtlpProgress, OtlpSendSummary, OtlpSettingsView } from '../../shared/otlp/otlp-app-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import { api } from '../api';
import { IDLE, loaded, LOADING, type Load } from './load';

/** What the dialog was opened for. */
export type SendSelection = { runs: RunRef[]; label: string };

/** The form as sent (the request without the job id and runs). */
export type SendForm = Omit<RequestOf<'otlp.send'>, 'jobId' | 'runs'>;

type SendState = {
  selection: SendSelection | null;
  settings: Load<{ settings: OtlpSettingsView; problem: Diagnostic | null }>;
  jobId: string | null;
  progress: OtlpProgress | null;
  outcome: { ok: true; summary: OtlpSendSummary } | { ok: false; error: Diagnostic } | null;
  open(selection: SendSelection): Promise<void>;
  close(): void;
  send(form: SendForm): Promise<void>;
  cancel(): Promise<void>;
  /** A pushed progress (only this dialog's job is kept). */
  receive(progress: OtlpProgress): void;
};

/** Runs grouped by data dir, as `otlp.send` takes them. */
export function groupRuns(runs: readonly RunRef[]): RequestOf<'otlp.send'>['runs'] {
  const groups = new Map<string, string[]>();
  for (const run of runs) groups.set(run.dataDir, [...(groups.get(run.dataDir) ?? []), run.runId]);
  return [...groups].map(([dataDir, runIds]) => ({ dataDir, runIds }));
}

const newJobId = () => `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const useOtlpSendStore = create<SendState>((set, get) => ({
  selection: null,
  settings: IDLE,
  jobId: null,
  progress: null,
  outcome: null,
  async open(selection) {
    if (get().jobId !== null) return;
    set({ selection, settings: LOADING, progress: null, outcome: null });
    set({ settings: loaded(await api['otlp.settings']({})) });
  },
  close() {
    if (get().jobId === null) set({ selection: null, progress: null, outcome: null });
  },
  async send(form) {
    const selection = get().selection;
    if (selection === null || get().jobId !== null) return;
    const jobId = newJobId();
    set({ jobId, progress: null, outcome: null });
    const result = await api['otlp.send']({ jobId, runs: groupRuns(selection.runs), ...form });
    set({ jobId: null, outcome: result.ok ? { ok: true, summary: result.value } : { ok: false, error: result.error } });
    // Main now keeps what was sent (secrets included): show its view again.
    set({ settings: loaded(await api['otlp.settings']({})) });
  },
  async cancel() {
    const jobId = get().jobId;
    if (jobId !== null) await api['otlp.cancel']({ jobId });
  },
  receive(progress) {
    if (progress.jobId === get().jobId) set({ progress });
  },
}));

/** Route an `otlp.progress` push to the dialog (app.tsx). */
export function receiveOtlpProgress(progress: OtlpProgress): void {
  useOtlpSendStore.getState().receive(progress);
}
