/**
 * The app's "Send to tracing backend…": sends in progress, by the job id the page chose.
 *
 * The library cannot import the OTLP exporter (src-main/otlp reads runs through the library),
 * so the glue hands the core a `TraceSender` (src-main/otlp/send-from-app.ts) and this module
 * does the rest: runs named by the request checked against the opened library, the settings
 * completed with the secrets main keeps (and remembered or not), progress pushed per batch,
 * Cancel through an AbortSignal. Header values never reach a log line.
 */
import type { PushMessage, RequestOf } from '../../shared/contract';
import { RUN_ID_PATTERN } from '../../shared/events/envelope';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot, RunSummary } from '../../shared/library';
import type { OtlpProgress, OtlpSendSummary } from '../../shared/otlp/otlp-app-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { OtlpSettings, OtlpSettingsStore } from '../app-state/otlp-settings-store';
import { folderInsideDataDirs } from '../app-folders/app-folders';

/** One send as the glue's exporter gets it. */
export type TraceSendJob = {
  runs: RunSummary[];
  /** Every run of the library (statuses of linked runs). */
  library: RunSummary[];
  table: PriceTable;
  settings: OtlpSettings;
  /** Redact every span with the built-in rules before it is sent. */
  redact: boolean;
  signal: AbortSignal;
  onProgress(progress: Omit<OtlpProgress, 'jobId' | 'phase'>): void;
};

/** Sends one job's runs (implemented over src-main/otlp's one-shot export). */
export type TraceSender = (job: TraceSendJob) => Promise<Result<OtlpSendSummary>>;

/** What the jobs need from the library. */
export type SendJobsContext = {
  snapshot(): LibrarySnapshot | null;
  table(): PriceTable;
  settings: OtlpSettingsStore;
  /** The state folder the settings are remembered in (null: none). */
  stateDir: string | null;
  publish(message: PushMessage): void;
  sender?: TraceSender;
};

/** The `otlp.send` and `otlp.cancel` handlers' logic. */
export function createSendJobs(context: SendJobsContext) {
  const running = new Map<string, AbortController>();
  const push = (progress: OtlpProgress) => context.publish({ kind: 'otlp.progress', progress });

  return {
    async send(request: RequestOf<'otlp.send'>): Promise<Result<OtlpSendSummary>> {
      if (context.sender === undefined) return fail(diagnostic('unsupported', 'Sending to a tracing backend is not available in this process'));
      if (running.has(request.jobId)) return fail(diagnostic('invalid-argument', `A send with id ${request.jobId} is already running`));
      const snapshot = context.snapshot();
      if (snapshot === null) return fail(diagnostic('invalid-argument', 'Open a folder first'));
      const runs: RunSummary[] = [];
      for (const group of request.runs) {
        for (const runId of group.runIds) {
          // As the CLI: a little-harness session listed as a row is not a workflow run.
          if (!RUN_ID_PATTERN.test(runId)) return fail(diagnostic('invalid-argument', `"${runId}" is not a little-workflow run id: only workflow runs become traces`, { runId }));
          const run = snapshot.runs.find((r) => r.dataDir === group.dataDir && r.runId === runId);
          if (!run) return fail(diagnostic('run-not-found', `Run not found in the opened library: ${runId}`, { runId, path: group.dataDir }));
          runs.push(run);
        }
      }
      const settings = context.settings.complete(request);
      if (!settings.ok) return settings;
      // Never remembered inside a data dir of the opened library (any format): kept in memory, and said so.
      const inside = request.remember && context.stateDir !== null ? folderInsideDataDirs('state', context.stateDir, snapshot.dataDirs.map((d) => d.path)) : null;
      const kept = inside !== null ? (context.settings.update(settings.value, false), fail(inside)) : context.settings.update(settings.value, request.remember);
      const controller = new AbortController();
      running.set(request.jobId, controller);
      const base = { jobId: request.jobId, runsDone: 0, runsTotal: runs.length, spansSent: 0, runSpansSent: 0, runSpansTotal: 0 };
      let last: OtlpProgress = { ...base, phase: 'sending' };
      push(last);
      try {
        const sent = await context.sender({
          runs,
          library: snapshot.runs,
          table: context.table(),
          settings: settings.value,
          redact: request.redact === true,
          signal: controller.signal,
          onProgress: (progress) => {
            last = { ...last, ...progress };
            push(last);
          },
        });
        push({ ...last, ...(sent.ok ? { runsDone: runs.length, phase: 'done' } : { phase: sent.error.code === 'cancelled' ? 'cancelled' : 'failed' }) });
        // The send went through even when saving the settings failed: say so rather than hide it.
        if (sent.ok && !kept.ok) return fail({ ...kept.error, severity: 'warning', message: `Sent, but the settings were not saved: ${kept.error.message}` });
        return sent;
      } finally {
        running.delete(request.jobId);
      }
    },
    cancel(jobId: string): Result<boolean> {
      const controller = running.get(jobId);
      controller?.abort();
      return ok(controller !== undefined);
    },
  };
}
