/**
 * Electron main-process entry: app lifecycle, the core, IPC, the window and the menu.
 *
 * Order matters: the app:// scheme and the sandbox must be set up before `ready`, and the
 * single-instance lock is taken before any window exists, so a second launch only hands its
 * path to the first instance and quits.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, screen } from 'electron';
import { openTargetFor } from '../../shared/open-target';
import { processIo } from '../cli/cli-io';
import { CLI_COMMANDS, runCliSafely } from '../cli/run-cli';
import { createInspectorCore, type BundleChannelRequest, type InspectorCore } from '../core/inspector-core';
import { memoryAppState, openAppState } from '../app-state/app-state';
import { chosenAppFolder, currentHost, STATE_DIR_ENV } from '../app-folders/app-folders';
import { appTraceSender } from '../otlp/send-from-app';
import { installAppMenu } from './app-menu';
import { exportRunWithDialog, requestRunExport, saveBundleWithDialog, type ExportMenuDeps } from './export-menu-action';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RedactionRequest } from '../../shared/redact/redaction-request';
import { printReportToPdf } from './pdf-electron';
import { exampleDataDir, rendererDir } from '../app-paths';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { broadcast, registerIpcHandlers } from './ipc';
import { guardWebContents } from './navigation-guard';
import { recentStoreIn, type JsonRecentStore } from './recent-store';
import { cliArguments } from './cli-mode';
import { setSqlChildLauncher } from '../cli/sql-child-launcher';
import { utilityLauncher } from './sql-utility-launcher';
import { pathArgument, resolveStartupPath } from './startup-path';
import { nextThemeSource } from './theme-source';
import { createMainWindow, MAIN_WINDOW_MINIMUM } from './window-factory';
import { windowRegistry } from './window-registry';
import { placeOnScreen, readWindowState, rememberWindowState, windowStateFile } from './window-state';

/** Run the `little-inspector` CLI in this process (cli-mode.ts) and exit with its code. */
function runCliMode(argv: string[]): void {
  // No Dock icon on macOS for a terminal command.
  app.dock?.hide();
  // The packaged CLI reads the notes the desktop app keeps (its userData), unless told otherwise.
  process.env[STATE_DIR_ENV] ??= app.getPath('userData');
  void runCliSafely(argv, processIo).then((code) => {
    // Let piped output drain before the process goes.
    process.stdout.write('', () => app.exit(code));
  });
}

/** Start the desktop app (called once, at the bottom of this module). */
export function runApp(): void {
  const defaultApp = Boolean(process.defaultApp);
  const cli = cliArguments(process.argv, defaultApp, CLI_COMMANDS);
  // `sql` and the SQL console run each query in a utility process (killed when its budget is spent).
  setSqlChildLauncher(utilityLauncher);
  if (cli !== null) {
    runCliMode(cli);
    return;
  }
  registerAppScheme();
  // Sandbox every renderer, including any we did not create ourselves.
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    // Another instance owns the window; it got our argv via 'second-instance'.
    app.quit();
    return;
  }

  let core: InspectorCore | null = null;
  let recent: JsonRecentStore | null = null;
  // Paths handed over before the core exists (second instance or macOS open-file during start-up).
  const pendingOpens: string[] = [];

  const preloadPath = join(__dirname, '../preload/index.js');
  // A new main window where the last one was closed, if that place is still on a screen.
  const createWindow = (): BrowserWindow => {
    const stateFile = windowStateFile(app.getPath('userData'));
    const saved = readWindowState(stateFile);
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    const bounds = saved ? placeOnScreen(saved.bounds, workAreas, MAIN_WINDOW_MINIMUM) : null;
    const window = createMainWindow({ preloadPath, devTools: !app.isPackaged, ...(bounds ? { bounds } : {}) });
    if (bounds && saved?.maximized) window.maximize();
    rememberWindowState(window, stateFile);
    return window;
  };
  const showWindow = (): BrowserWindow => {
    const existing = windowRegistry.windows()[0];
    const window = existing ?? createWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
    return window;
  };

  const openPath = async (requested: string): Promise<void> => {
    // A data file handed over by the OS (file association) opens its data dir.
    const path = openTargetFor(requested);
    if (core === null) {
      pendingOpens.push(path);
      return;
    }
    const result = await core.openPath(path);
    // Menu, second-instance and open-file opens have no page waiting on the Result: say it here.
    if (!result.ok) dialog.showErrorBox('Cannot open directory', `${path}\n\n${result.error.message}`);
  };

  const chooseDirectory = async (): Promise<string | null> => {
    const options = { title: 'Open data directory', properties: ['openDirectory' as const] };
    const parent = BrowserWindow.getFocusedWindow();
    const choice = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return choice.canceled ? null : (choice.filePaths[0] ?? null);
  };

  // `dialog.exportReport({dataDir, runId, redact?})`: the save dialog for the run the request names.
  // The save dialogs of the export control (a report, and Share…'s bundle), on the focused window.
  const dialogDeps = (): ExportMenuDeps => {
    const parent = BrowserWindow.getFocusedWindow();
    return {
      showSaveDialog: (options) => (parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options)),
      showMessage: (title, message) => void dialog.showMessageBox({ type: 'info', title, message }),
      showError: (title, message) => dialog.showErrorBox(title, message),
      defaultDir: app.getPath('documents'),
    };
  };
  const exportReport = async (run: RunRef & { redact?: RedactionRequest }): Promise<string | null> => (core === null ? null : exportRunWithDialog(core, run, dialogDeps()));
  const saveBundle = async (request: BundleChannelRequest): Promise<string | null> => (core === null ? null : saveBundleWithDialog(core, request, dialogDeps()));

  const refreshMenu = (): void =>
    installAppMenu({
      appName: app.getName(),
      isMac: process.platform === 'darwin',
      recent: recent?.list() ?? [],
      themeSource: nativeTheme.themeSource,
      devTools: !app.isPackaged,
      openDirectory: () => void chooseDirectory().then((path) => (path ? openPath(path) : undefined)),
      openRecent: (path) => void openPath(path),
      reload: () => void core?.handlers['library.refresh']({}),
      // The focused window knows which run it shows: it answers with `dialog.exportReport`.
      exportReport: () => void requestRunExport(BrowserWindow.getFocusedWindow()?.webContents ?? null),
      toggleTheme: () => {
        nativeTheme.themeSource = nextThemeSource(nativeTheme.themeSource);
        refreshMenu();
      },
      about: () =>
        void dialog.showMessageBox({
          type: 'info',
          title: `About ${app.getName()}`,
          message: `${app.getName()} ${app.getVersion()}`,
          detail: `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`,
        }),
    });

  app.on('second-instance', (_event, argv, workingDirectory) => {
    showWindow();
    const path = pathArgument(argv, defaultApp, workingDirectory);
    if (path !== null) void openPath(path);
  });
  app.on('open-file', (event, path) => {
    // macOS: a folder dropped on the dock icon or opened with the app.
    event.preventDefault();
    void openPath(path);
  });
  // Also guard webContents we did not create (devtools and anything a future feature adds).
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Stop the live observer (timers, watchers, read connections) before the process goes.
  app.on('will-quit', () => core?.close());
  app.on('activate', () => {
    if (core !== null && windowRegistry.windows().length === 0) showWindow();
  });

  const start = async (): Promise<void> => {
    // Follow the OS until the user picks dark or light from the View menu.
    nativeTheme.themeSource = 'system';
    handleAppProtocol(rendererDir());
    recent = recentStoreIn(app.getPath('userData'));
    const startup = resolveStartupPath({
      argv: process.argv,
      defaultApp,
      cwd: process.cwd(),
      lastOpened: recent.lastOpened(),
      examplePath: exampleDataDir(),
    });
    const startPath = openTargetFor(startup.path);
    // Notes and remembered settings live in userData (never a data dir; refused if it were one).
    const state = openAppState(app.getPath('userData'));
    if (!state.ok) console.error(`little-inspector: notes and settings are not kept: ${state.error.message}`);
    core = createInspectorCore({
      state: state.ok ? state.value : memoryAppState(),
      // Fold checkpoints in the OS cache folder (or LITTLE_INSPECTOR_CACHE_DIR), like the CLI.
      cacheDir: chosenAppFolder('cache', undefined, currentHost()),
      sendTraces: appTraceSender(),
      mode: 'electron',
      initialPath: startPath,
      recent,
      openDirectoryDialog: chooseDirectory,
      exportReportDialog: exportReport,
      saveBundleDialog: saveBundle,
      renderPdf: printReportToPdf,
    });
    let menuRecent = '';
    core.subscribe((message) => {
      broadcast(message);
      // Rebuild the menu only when an open changed the recent list, not on every live update;
      // the OS's recent list (Dock / jump list / GTK recent files) gets the folder opened last.
      const list = recent?.list() ?? [];
      const nowRecent = JSON.stringify(list);
      if (nowRecent !== menuRecent) {
        menuRecent = nowRecent;
        if (list[0] !== undefined) app.addRecentDocument(list[0]);
        refreshMenu();
      }
    });
    registerIpcHandlers(core.handlers);
    refreshMenu();
    // Open before the window exists so the page's first library.current already has it.
    const opened = await core.openPath(startPath);
    if (!opened.ok) console.error(`little-inspector: cannot open ${startPath} (${startup.source}): ${opened.error.message}`);
    showWindow();
    for (const path of pendingOpens.splice(0)) await openPath(path);
  };

  app.whenReady().then(start).catch((error: unknown) => {
    console.error('little-inspector: start-up failed:', error);
    dialog.showErrorBox('Little Inspector could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}

runApp();
