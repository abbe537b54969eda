/**
 * The main-process core: what every transport (Electron IPC, browser-mode HTTP, the CLI's
 * serve) calls. It owns the opened library and fans pushes out to subscribers.
 */
import { resolve } from 'node:path';
import type { AppInfo, Handlers, PushMessage } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import pkg from '../../package.json';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { createExportService, type ExportRequest, type PdfRenderer } from '../export/export-service';
import type { RunExport } from '../../shared/report-export/run-export-types';
import type { RunReportDocument } from '../../shared/report-export/report-document-types';
import type { RunDetail, RunRef } from '../../shared/run/run-detail-types';
import { startLiveLibrary, type LiveLibrary } from '../live/live-library';
import type { LiveObserverOptions } from '../live/live-observer';
import { loadPriceTableFile } from './price-table-file';
import { createRunService } from './run-service';
import { createRunDetailPool } from '../workers/run-detail-pool';

/** Recently opened roots, persisted by the Electron shell (never inside a data dir). */
export interface RecentStore {
  list(): string[];
  add(path: string): void;
}

/** The core as the transports see it. */
export interface InspectorCore {
  handlers: Handlers;
  /** Subscribe to pushes; returns the unsubscribe. Listeners run in registration order. */
  subscribe(listener: (message: PushMessage) => void): () => void;
  /** Open a root path (also used by the CLI, menus and drag and drop). */
  openPath(path: string): Promise<Result<LibrarySnapshot>>;
  /** The run most recently opened through `run.detail` (File > Export report… exports it), or null. */
  lastOpenedRun(): RunRef | null;
  /** A run's full detail (exports, tests); the run view gets it in pieces through the handlers. */
  runDetail(ref: RunRef): Promise<Result<RunDetail>>;
  /** Export a run of the opened library as a report (the `run.export` channel; also the CLI and the menu). */
  exportRun(request: ExportRequest): Promise<Result<RunExport>>;
  /** The report document of one run (the CLI renders it itself). */
  exportDocument(ref: RunRef, maxText?: number): Promise<Result<RunReportDocument>>;
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
  /** Desktop only: save the most recently opened run through a save dialog (File > Export report…). */
  exportReportDialog?: () => Promise<string | null>;
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
};

/** Create the core for one process. */
export function createInspectorCore(options: CoreOptions): InspectorCore {
  const listeners: Array<(message: PushMessage) => void> = [];
  let current: LibrarySnapshot | null = null;
  let currentPath: string | null = null;
  let table: PriceTable = BUNDLED_PRICE_TABLE;
  // One worker for library loads and run details: judging open runs folds their logs (a second for a big one).
  const pool = createRunDetailPool();
  const runs = createRunService({ snapshot: () => current, table: () => table, pool });
  let lastRun: RunRef | null = null;
  const exporter = createExportService({ runs, version: pkg.version, renderPdf: options.renderPdf });
  const logError = options.logError ?? ((message: string) => console.error(message));

  const publish = (message: PushMessage) => {
    for (const listener of [...listeners]) {
      try {
        listener(Object.freeze(message));
      } catch (error) {
        logError(`push listener failed: ${(error as Error).message}`);
      }
    }
  };

  // The latest open wins: an older load that finishes later is dropped.
  let opening = 0;
  const openPath = async (path: string): Promise<Result<LibrarySnapshot>> => {
    const absolute = resolve(path);
    const mine = ++opening;
    const loaded = await pool.library(absolute, table);
    if (!loaded.ok) return loaded;
    if (mine !== opening) return loaded;
    current = loaded.value;
    currentPath = absolute;
    runs.clear();
    options.recent?.add(absolute);
    publish({ kind: 'library.changed', snapshot: loaded.value });
    startLive(absolute);
    return loaded;
  };

  // One observer per opened library; a refresh of the same root keeps it (no commit is missed).
  let live: { root: string; library: LiveLibrary } | null = null;
  const startLive = (root: string) => {
    if (options.live === false || live?.root === root) return;
    live?.library.stop();
    live = {
      root,
      library: startLiveLibrary({
        root,
        snapshot: () => current,
        setSnapshot: (snapshot) => void (current = snapshot),
        publish: (message) => {
          // A rewritten log invalidates cached details (same event count, other content).
          if (message.kind === 'run.reset') runs.clear();
          publish(message);
        },
        reload: () => {
          if (currentPath !== root) return;
          const mine = ++opening;
          void pool.library(root, table).then((reloaded) => {
            // Another open or reload started meanwhile: its snapshot is the one to keep.
            if (!reloaded.ok || mine !== opening || currentPath !== root) return;
            current = reloaded.value;
            publish({ kind: 'library.changed', snapshot: reloaded.value });
          });
        },
        observer: { logError, ...(options.live === undefined ? {} : options.live) },
      }),
    };
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
    'library.open': async ({ path }) => openPath(path),
    'library.current': async () => ok(current),
    'library.refresh': async () => {
      if (currentPath === null) return ok(null);
      return openPath(currentPath);
    },
    'pricing.load': async ({ path }) => {
      if (path === null) table = BUNDLED_PRICE_TABLE;
      else {
        const loaded = loadPriceTableFile(path, { allowedFolders: options.priceTableFolders });
        if (!loaded.ok) return loaded;
        table = loaded.value;
      }
      return currentPath === null ? ok(null) : openPath(currentPath);
    },
    'run.detail': async ({ dataDir, runId }) => {
      const head = await runs.head({ dataDir, runId });
      if (head.ok) lastRun = { dataDir, runId };
      return head;
    },
    'run.slice': async ({ dataDir, runId, spec }) => runs.slice({ dataDir, runId }, spec),
    'run.step': async ({ dataDir, runId, stepPath }) => runs.step({ dataDir, runId }, stepPath),
    'run.harness': async ({ dataDir, runId, kind, id }) => runs.harness({ dataDir, runId }, { kind, id }),
    'run.costs': async (ref) => runs.costs(ref),
    'run.reportText': async (ref) => runs.reportText(ref),
    'run.findings': async (ref) => runs.findings(ref),
    'run.events': async ({ dataDir, runId, fromSequence, limit }) => runs.events({ dataDir, runId }, fromSequence, limit),
    'run.eventIndex': async ({ dataDir, runId, filter }) => runs.eventIndex({ dataDir, runId }, filter),
    'run.event': async ({ dataDir, runId, sequence }) => runs.event({ dataDir, runId }, sequence),
    'run.artifact': async ({ dataDir, runId, ref }) => runs.artifact({ dataDir, runId }, ref),
    'run.export': async (request) => exporter.export(request),
    'run.compare': async (ref) => runs.compare(ref, () => live?.library.observer.capture(ref.dataDir, ref.runId)),
    'dialog.exportReport': async () => {
      if (!options.exportReportDialog) {
        return fail(diagnostic('unsupported', 'The save dialog is only available in the desktop app; download the report instead.'));
      }
      return ok(await options.exportReportDialog());
    },
    'dialog.openDirectory': async () => {
      if (!options.openDirectoryDialog) {
        return fail(diagnostic('unsupported', 'A folder picker is only available in the desktop app; type a path instead.'));
      }
      return ok(await options.openDirectoryDialog());
    },
  };

  return {
    handlers,
    subscribe(listener) {
      listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (index !== -1) listeners.splice(index, 1);
      };
    },
    openPath,
    lastOpenedRun: () => lastRun,
    runDetail: (ref) => runs.detail(ref),
    exportRun: (request) => exporter.export(request),
    exportDocument: (ref, maxText) => exporter.document(ref, maxText),
    dataDirPaths: () => current?.dataDirs.map((d) => d.path) ?? [],
    close() {
      live?.library.stop();
      live = null;
      void runs.close();
    },
  };
}
