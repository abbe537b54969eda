/**
 * The main-process core: what every transport (Electron IPC, browser-mode HTTP, the CLI's
 * serve) calls. It owns the opened library and fans pushes out to subscribers, and it is the
 * composition of main: the one place that starts the worker threads and hands them to the
 * library (library/run-builds.ts), so library/ never imports workers/.
 */
import type { AppInfo, Handlers, PushMessage } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { runAddressOf } from '../../shared/run-address';
import type { LibrarySnapshot } from '../../shared/library';
import pkg from '../../package.json';
import { createExportService, type ExportRequest, type PdfRenderer } from '../export/export-service';
import { createBundleService, type BundleRequest } from '../export/bundle/bundle-service';
import type { ViewerAssets } from '../export/bundle/bundle-html';
import type { RunBundle } from '../../shared/bundle/run-bundle-types';
import type { RunExport } from '../../shared/report-export/run-export-types';
import { redactorFor, type RedactionRequest } from '../../shared/redact/redaction-request';
import type { RunReportDocument } from '../../shared/report-export/report-document-types';
import type { RunDetail, RunRef } from '../../shared/run/run-detail-types';
import type { RunNotes } from '../../shared/notes/note-types';
import type { LiveObserverOptions } from '../live/live-observer';
import { createRunDetailPool } from '../workers/run-detail-pool';
import { scansIn } from '../workers/scan-thread';
import { createLibrary, type RecentStore } from '../library/library';
import { discoveryIn, type DiscoveryMode } from '../workers/discovery-thread';
import { mirrorCopierOffMain } from '../workers/mirror-copy-thread';
import { listSessions, sessionFile, sessionOutcomes, sessionView } from '../library/session-service';
import { memoryAppState, notesForRun, type AppState } from '../app-state/app-state';
import { createNotesService } from '../library/notes-service';
import { createSendJobs, type TraceSender } from '../library/otlp-send-jobs';
import { createScanService } from '../library/scan-service';
import { createFleetSqlService } from '../workers/fleet-sql-service';
import { scanSettingsInState } from '../app-state/scan-settings-file';
import { createFleetIndexService } from '../workers/fleet-index-service';
import type { ThreadMode } from '../workers/thread-script';

export type { RecentStore } from '../library/library';

/** What `run.bundle` and `dialog.saveBundle` ask for. */
export type BundleChannelRequest = RunRef & { redact?: RedactionRequest; budgetBytes?: number };

/** The core as the transports see it. */
export interface InspectorCore {
  handlers: Handlers;
  /** Subscribe to pushes; returns the unsubscribe. Listeners run in registration order. */
  subscribe(listener: (message: PushMessage) => void): () => void;
  /** Open a root path (also used by the CLI, menus and drag and drop). */
  openPath(path: string): Promise<Result<LibrarySnapshot>>;
  /** A run's full detail (exports, tests); the run view gets it in pieces through the handlers. */
  runDetail(ref: RunRef): Promise<Result<RunDetail>>;
  /** Export a run of the opened library as a report (the `run.export` channel; also the CLI and the menu). */
  exportRun(request: ExportRequest): Promise<Result<RunExport>>;
  /** The report document of one run (the CLI renders it itself). */
  exportDocument(ref: RunRef, maxText?: number, redact?: RedactionRequest): Promise<Result<RunReportDocument>>;
  /** The notes pinned to a run in the app's state folder (reports and bundles carry them). */
  notes(ref: RunRef): RunNotes;
  /** A run of the opened library as a shared bundle (the `run.bundle` channel; also the CLI and the save dialog). */
  bundleRun(request: BundleRequest): Promise<Result<RunBundle>>;
  /** Absolute paths of the opened library's data dirs (exports are never written inside them). */
  dataDirPaths(): string[];
  /** Stop the live observer of the opened library (quit, server close); idempotent. */
  close(): void;
}

export type CoreOptions = {
  mode: AppInfo['mode'];
  initialPath: string | null;
  recent?: RecentStore;
  openDirectoryDialog?: () => Promise<string | null>;
  /** Desktop only: save the named run's report through a save dialog (the export button, File > Export report…). */
  exportReportDialog?: (request: RunRef & { redact?: RedactionRequest }) => Promise<string | null>;
  /** Desktop only: save the named run's bundle through a save dialog (Share…). */
  saveBundleDialog?: (request: BundleChannelRequest) => Promise<string | null>;
  /** The bundle viewer's script and styles (tests); absent: read from `out/bundle`. */
  bundleViewer?: () => Result<ViewerAssets>;
  /** Renders report HTML to PDF (Electron's printToPDF, or Chromium via Playwright); absent → PDF unsupported. */
  renderPdf?: PdfRenderer;
  /** Where a failing listener is reported (it never stops the others). */
  logError?: (message: string) => void;
  /**
   * Browser mode: `pricing.load` reads only files inside these folders (a page names the path,
   * and any page that gets in must not read the user's files). Absent: any file (CLI, desktop).
   */
  priceTableFolders?: readonly string[];
  /** Live observer of the opened library (pushes run.* and keeps run rows current); `false` turns it off. */
  live?: false | Partial<LiveObserverOptions>;
  /** The app's cache folder for fold checkpoints (src-main/app-folders); null or absent: memory only. */
  cacheDir?: string | null;
  /**
   * The app's state folder (settings, notes; src-main/app-state). Absent: none — notes are
   * `unsupported`, OTLP settings live in memory only. Tests pass a temp folder.
   */
  state?: AppState;
  /** Sends runs to a tracing backend (src-main/otlp/send-from-app.ts); absent: `otlp.send` is `unsupported`. */
  sendTraces?: TraceSender;
  /**
   * Build in this thread instead of a worker thread. For one-shot CLI commands (export): nothing
   * waits on their event loop, and a worker costs a fresh thread that loads the whole library code
   * again per call (seconds from source under tsx) for a single build.
   */
  inProcess?: boolean;
  /** Where an open's walk runs (default `auto`: its own thread in the built app; workers/discovery-thread.ts). */
  discovery?: DiscoveryMode;
  /** The fleet index behind the search box (fleet-search): where it is built (default `auto`), or `false`: no index. */
  fleetIndex?: ThreadMode | false;
};

/** A session request before any folder is open. */
function noFolder(): Result<never> {
  return fail(diagnostic('invalid-argument', 'Open a folder first: sessions are read under the opened folder.'));
}

/** Create the core for one process. */
export function createInspectorCore(options: CoreOptions): InspectorCore {
  const listeners: Array<(message: PushMessage) => void> = [];
  const logError = options.logError ?? ((message: string) => console.error(message));
  // The fleet index follows every open and live change (fleet/fleet-index-service.ts); made below.
  let fleet: ReturnType<typeof createFleetIndexService> | null = null;
  const publish = (message: PushMessage) => {
    fleet?.pushed(message);
    for (const listener of [...listeners]) {
      try {
        listener(Object.freeze(message));
      } catch (error) {
        logError(`push listener failed: ${(error as Error).message}`);
      }
    }
  };
  const pool = createRunDetailPool(options.inProcess ? { useWorker: false } : {});
  const library = createLibrary({
    publish,
    recent: options.recent,
    live: options.live,
    logError,
    priceTableFolders: options.priceTableFolders,
    cacheDir: options.cacheDir,
    // The composition picks the threads: the library only knows their interface (library/run-builds.ts).
    discover: discoveryIn(options.inProcess ? 'in-process' : options.discovery),
    mirrorCopier: mirrorCopierOffMain(options.inProcess ? 'in-process' : options.discovery),
    pool,
  });
  const { runs } = library;
  if (options.fleetIndex !== false) {
    fleet = createFleetIndexService({ cacheDir: options.cacheDir ?? null, table: () => library.table(), publish, mode: options.inProcess ? 'in-process' : options.fleetIndex });
  }
  const noIndex = () => fail<never>(diagnostic('unsupported', 'This app has no fleet index (search is off).'));
  const state = options.state ?? memoryAppState();
  const fleetSql = createFleetSqlService({ snapshot: () => library.snapshot(), table: () => library.table(), cacheDir: options.cacheDir ?? null });
  const scans = createScanService({ snapshot: () => library.snapshot(), table: () => library.table(), settings: () => scanSettingsInState(state.dir), scanRun: scansIn(options.inProcess ? 'in-process' : 'auto') });
  const exporter = createExportService({ runs, version: pkg.version, renderPdf: options.renderPdf, notes: (ref) => notesForRun(state, ref).notes });
  const notes = createNotesService(state.notes, state.dir, () => library.snapshot());
  const sends = createSendJobs({ snapshot: () => library.snapshot(), table: () => library.table(), settings: state.otlpSettings, stateDir: state.dir, publish, sender: options.sendTraces });
  // A bundle carries the run's notes (read-only) and, when asked, goes through one redaction pass.
  const bundler = createBundleService({ runs, snapshot: () => library.snapshot(), version: pkg.version, notes: (ref) => notesForRun(state, ref).notes, viewer: options.bundleViewer });
  const bundleFromRequest = async ({ redact, ...request }: BundleChannelRequest): Promise<Result<RunBundle>> => {
    const redactor = redact ? redactorFor(redact) : null;
    if (redactor && !redactor.ok) return redactor;
    return bundler.bundle({ ...request, redactor: redactor?.value ?? null });
  };
  // Sessions are read under the opened folder (the snapshot's root), or not at all.
  const withRoot = <T>(read: (root: string) => Result<T>, none: () => Result<T>): Result<T> => {
    const root = library.snapshot()?.root;
    return root === undefined ? none() : read(root);
  };

  const handlers: Handlers = {
    'app.info': async () =>
      ok({
        name: 'Little Inspector',
        version: pkg.version,
        mode: options.mode,
        initialPath: options.initialPath,
        recent: options.recent?.list() ?? [],
      }),
    'library.open': async ({ path }) => library.open(path),
    // A page loaded while an open runs (serve answers before its first open ends) waits for it.
    'library.current': () => library.current(),
    'library.refresh': async () => library.refresh(),
    'library.cancelOpen': async () => ok(library.cancelOpen()),
    'pricing.load': async ({ path }) => library.loadTable(path),
    'run.detail': async (ref) => {
      scans.moved(ref);
      return runs.head(ref);
    },
    'run.prepare': async (address) => {
      if (!('hash' in address)) return runs.prepare(address.runId, address.dir, address.at);
      const named = runAddressOf(address.hash);
      return named === null ? ok(null) : runs.prepare(named.runId, named.dir, named.at);
    },
    'run.timeline': async (ref) => runs.timeline(ref),
    'run.slice': async ({ spec, ...ref }) => runs.slice(ref, spec),
    'run.step': async ({ stepPath, ...ref }) => runs.step(ref, stepPath),
    'run.harness': async ({ kind, id, ...ref }) => runs.harness(ref, { kind, id }),
    'run.costs': async (ref) => runs.costs(ref),
    'run.reportText': async (ref) => runs.reportText(ref),
    'run.findings': async (ref) => runs.findings(ref),
    'run.event': async ({ dataDir, runId, sequence }) => runs.event({ dataDir, runId }, sequence),
    'run.artifact': async ({ dataDir, runId, ref }) => runs.artifact({ dataDir, runId }, ref),
    'run.export': async (request) => exporter.export(request),
    'run.redactionPreview': async ({ for: target, ...request }) => {
      if (target !== 'bundle') return exporter.redactionPreview(request);
      const redactor = redactorFor(request.redact);
      return redactor.ok ? bundler.redactionPreview({ dataDir: request.dataDir, runId: request.runId, redactor: redactor.value }) : redactor;
    },
    'run.bundle': (request) => bundleFromRequest(request),
    'dialog.saveBundle': async (request) => {
      if (!options.saveBundleDialog) {
        return fail(diagnostic('unsupported', 'The save dialog is only available in the desktop app; download the bundle instead.'));
      }
      return ok(await options.saveBundleDialog(request));
    },
    'run.scan': async (ref) => scans.run(ref),
    'library.scan': async () => scans.library(),
    'run.compare': async (ref) => runs.compare(ref, () => library.capture(ref)),
    'run.diff': async ({ a, b }) => runs.diff(a, b),
    'job.get': async (ref) => runs.job(ref),
    'run.seek': async ({ from, direction, ...ref }) => runs.seek(ref, from, direction),
    'notes.list': async (ref) => notes.list(ref),
    'notes.put': async (request) => notes.put(request),
    'notes.delete': async (request) => notes.remove(request),
    'otlp.settings': async () => ok(state.otlpSettings.view()),
    'settings.theme': async () => ok(state.theme.get()),
    'settings.setTheme': async ({ theme }) => {
      const kept = state.theme.set(theme);
      return kept.ok ? ok(theme) : kept;
    },
    'otlp.send': async (request) => sends.send(request),
    'otlp.cancel': async ({ jobId }) => sends.cancel(jobId),
    'fleet.summary': async () => library.fleet(),
    'fleet.sql': async ({ sql, budgetMs }) => fleetSql.query(sql, budgetMs),
    'fleet.tables': async () => fleetSql.tables(),
    'sessions.list': async () => withRoot((root) => listSessions(root), () => ok([])),
    'session.view': async ({ harnessDir, sessionId }) => withRoot((root) => sessionView(root, harnessDir, sessionId), noFolder),
    'session.file': async ({ harnessDir, sessionId, path }) => withRoot((root) => sessionFile(root, harnessDir, sessionId, path), noFolder),
    'sessions.outcomes': async ({ harnessDir, sessionId }) => withRoot((root) => sessionOutcomes(root, harnessDir, sessionId), noFolder),
    'dialog.exportReport': async (ref) => {
      if (!options.exportReportDialog) {
        return fail(diagnostic('unsupported', 'The save dialog is only available in the desktop app; download the report instead.'));
      }
      return ok(await options.exportReportDialog(ref));
    },
    'fleet.search': async ({ query, limit }) => fleet?.search(query, limit) ?? noIndex(),
    'fleet.indexStatus': async () => (fleet === null ? noIndex() : ok(fleet.status())),
    'dialog.openDirectory': async () => {
      if (!options.openDirectoryDialog) {
        return fail(diagnostic('unsupported', 'A folder picker is only available in the desktop app; type a path instead.'));
      }
      return ok(await options.openDirectoryDialog());
    },
  };

  // serve answers before its first open ends: a deep link's channels wait for that open instead
  // of answering "open a folder first". The open's own channels and app facts never wait.
  const answerAtOnce = new Set<string>(['app.info', 'library.open', 'library.current', 'library.cancelOpen', 'dialog.openDirectory', 'otlp.settings', 'settings.theme', 'settings.setTheme']);
  for (const name of Object.keys(handlers) as (keyof Handlers)[]) {
    if (answerAtOnce.has(name)) continue;
    const answer = handlers[name] as (request: unknown) => Promise<unknown>;
    (handlers as Record<string, (request: unknown) => Promise<unknown>>)[name] = async (request) => {
      await library.firstOpen();
      return answer(request);
    };
  }

  return {
    handlers,
    subscribe(listener) {
      listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (index !== -1) listeners.splice(index, 1);
      };
    },
    openPath: (path) => library.open(path),
    runDetail: (ref) => runs.detail(ref),
    exportRun: (request) => exporter.export(request),
    exportDocument: (ref, maxText, redact) => exporter.document(ref, maxText, redact),
    notes: (ref) => notesForRun(state, ref),
    bundleRun: (request) => bundler.bundle(request),
    dataDirPaths: () => library.dataDirPaths(),
    close: () => {
      void fleetSql.close();
      scans.close();
      fleet?.close();
      library.close();
    },
  };
}
