/**
 * The ONE window factory: every BrowserWindow in the app is created here, hardened.
 *
 * Read the Electron security checklist before changing anything in this file. The options are
 * exported so the tests assert them exactly, and a new window cannot skip the session policy,
 * the navigation guards or the registry the IPC sender check relies on.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions, type Session, type WebPreferences } from 'electron';
import { APP_ENTRY_URL } from '../app-url';
import { guardWebContents } from './navigation-guard';
import { hardenSession } from './session-hardening';
import type { Bounds } from './window-state';
import { windowRegistry, type WindowRegistry } from './window-registry';

/** The hardened webPreferences, minus the preload path (which depends on where we run). */
export const HARDENED_WEB_PREFERENCES = Object.freeze({
  // Preload and page get separate JS worlds: the page cannot tamper with the bridge's globals.
  contextIsolation: true,
  // Renderer runs in Chromium's OS sandbox; the preload can require only a few electron modules.
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  // Same-origin policy stays on; no http content inside our secure origin.
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  // Dropping a folder must not navigate the window; the preload turns drops into library.open.
  navigateOnDragDrop: false,
  // No spellchecker: it would download dictionaries and we have no free-text editing.
  spellcheck: false,
  // No DevTools unless a development build asks (mainWindowOptions): a packaged app has none.
  devTools: false,
} satisfies WebPreferences);

/** The exact webPreferences every window gets; DevTools only in development builds. */
export function hardenedWebPreferences(preloadPath: string, devTools = false): WebPreferences {
  return { ...HARDENED_WEB_PREFERENCES, preload: preloadPath, devTools };
}

/** The main window's smallest size. */
export const MAIN_WINDOW_MINIMUM = Object.freeze({ width: 720, height: 480 });

/**
 * The exact constructor options of the main window; `bounds` restores a remembered place,
 * `devTools` is true only in development builds (not packaged).
 */
export function mainWindowOptions(preloadPath: string, bounds?: Bounds, devTools = false): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    ...bounds,
    minWidth: MAIN_WINDOW_MINIMUM.width,
    minHeight: MAIN_WINDOW_MINIMUM.height,
    title: 'Little Inspector',
    // Shown on ready-to-show so the user never sees an unstyled flash.
    show: false,
    webPreferences: hardenedWebPreferences(preloadPath, devTools),
  };
}

/** Options for {@link createMainWindow}. */
export type CreateWindowOptions = {
  /** Absolute path of the bundled CommonJS preload (out/preload/index.js). */
  preloadPath: string;
  /** Registry the IPC sender check trusts; the process-wide one unless a test passes its own. */
  registry?: WindowRegistry;
  /** URL to load; our app:// entry unless a test overrides it. */
  url?: string;
  /** Size and position (already placed on a visible display); Electron centres the window without. */
  bounds?: Bounds;
  /** DevTools in the window: development builds only (`!app.isPackaged`); absent means none. */
  devTools?: boolean;
};

/** Create, harden, register and load a main window. */
export function createMainWindow(options: CreateWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options.preloadPath, options.bounds, options.devTools === true));
  hardenSession(window.webContents.session);
  guardWebContents(window.webContents);
  (options.registry ?? windowRegistry).track(window);
  window.once('ready-to-show', () => window.show());
  window.loadURL(options.url ?? APP_ENTRY_URL).catch((error: unknown) => {
    // A failed load leaves a blank window; say why on stderr instead of an unhandled rejection.
    console.error(`little-inspector: failed to load ${APP_ENTRY_URL}:`, error);
  });
  return window;
}

/** The in-memory session of the report printer: nothing shared with the app's pages. */
export const EXPORT_PARTITION = 'little-inspector-report-export';

/**
 * The hidden window that prints a report to PDF: the hardened preferences, no preload, no
 * JavaScript at all, and a session of its own (the app's CSP header would block the report's
 * inline styles; the report carries its own stricter CSP).
 */
export function exportWindowOptions(): BrowserWindowConstructorOptions {
  return {
    width: 900,
    height: 1200,
    show: false,
    title: 'Little Inspector report export',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, javascript: false, partition: EXPORT_PARTITION },
  };
}

const exportSessions = new WeakSet<Session>();
const allowedExportUrls = new Set<string>();

/** Create the hidden report window; it may load only `allowedUrl` (a temp file of ours), nothing else. */
export function createExportWindow(allowedUrl: string): BrowserWindow {
  const window = new BrowserWindow(exportWindowOptions());
  const contents = window.webContents;
  allowedExportUrls.add(allowedUrl);
  window.once('closed', () => allowedExportUrls.delete(allowedUrl));
  if (!exportSessions.has(contents.session)) {
    exportSessions.add(contents.session);
    // Every request except the report file itself is cancelled: no fonts, images or links load.
    contents.session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowedExportUrls.has(details.url) }));
    contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    contents.session.setPermissionCheckHandler(() => false);
    contents.session.on('will-download', (event) => event.preventDefault());
  }
  guardWebContents(contents);
  return window;
}
