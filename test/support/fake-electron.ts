/**
 * A fake `electron` module for unit tests (the binary cannot be downloaded on CI machines).
 *
 * Use as `vi.mock('electron', async () => (await import('../test/support/fake-electron')).fakeElectron)`.
 * Only what our glue touches is modelled; event-emitting objects are real EventEmitters so tests
 * drive them the way Electron would.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A stand-in for WebFrameMain. */
export type FakeFrame = { url: string; parent: FakeFrame | null };

/** A stand-in for Session. */
export class FakeSession extends EventEmitter {
  webRequest = { onHeadersReceived: vi.fn(), onBeforeRequest: vi.fn() };
  setPermissionRequestHandler = vi.fn();
  setPermissionCheckHandler = vi.fn();
  setDevicePermissionHandler = vi.fn();
}

/** A stand-in for WebContents. */
export class FakeWebContents extends EventEmitter {
  session = new FakeSession();
  mainFrame: FakeFrame = { url: 'app://inspector/index.html', parent: null };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  send = vi.fn();
  printToPDF = vi.fn(async (_options: unknown) => Buffer.from('%PDF-1.4 fake'));
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** A stand-in for BrowserWindow. */
export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getFocusedWindow = vi.fn((): FakeBrowserWindow | null => null);
  webContents = new FakeWebContents();
  loadURL = vi.fn(async (_url: string) => undefined);
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = vi.fn(() => false);
  maximize = vi.fn();
  isMaximized = vi.fn(() => false);
  /** The window's unmaximized bounds: what it was created with, or the default size at 0,0. */
  getNormalBounds = vi.fn(() => ({
    x: (this.options.x as number | undefined) ?? 0,
    y: (this.options.y as number | undefined) ?? 0,
    width: (this.options.width as number | undefined) ?? 800,
    height: (this.options.height as number | undefined) ?? 600,
  }));
  destroy = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  destroyed = false;
  constructor(public readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

type Invoke = (event: unknown, ...args: unknown[]) => unknown;

/** The fake module's exports. */
export const fakeElectron = {
  BrowserWindow: FakeBrowserWindow,
  app: Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => true),
    enableSandbox: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(() => new Promise<void>(() => undefined)),
    getPath: vi.fn(() => '/tmp/little-inspector-user-data'),
    getName: vi.fn(() => 'Little Inspector'),
    getVersion: vi.fn(() => '0.1.0'),
    addRecentDocument: vi.fn(),
    dock: { hide: vi.fn() },
    isPackaged: false,
  }),
  screen: {
    /** One 1920x1080 display unless a test says otherwise. */
    getAllDisplays: vi.fn(() => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1050 } }]),
  },
  ipcMain: {
    handlers: new Map<string, Invoke>(),
    handle: vi.fn((channel: string, listener: Invoke) => {
      fakeElectron.ipcMain.handlers.set(channel, listener);
    }),
    removeHandler: vi.fn((channel: string) => {
      fakeElectron.ipcMain.handlers.delete(channel);
    }),
  },
  ipcRenderer: Object.assign(new EventEmitter(), { invoke: vi.fn(async () => ({ ok: true, value: null })) }),
  contextBridge: { exposeInMainWorld: vi.fn() },
  webUtils: { getPathForFile: vi.fn(() => '') },
  shell: { openExternal: vi.fn(async () => undefined) },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  Menu: { buildFromTemplate: vi.fn((template: unknown) => template), setApplicationMenu: vi.fn() },
  nativeTheme: { themeSource: 'system' as 'system' | 'dark' | 'light' },
  dialog: {
    showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] as string[] })),
    showErrorBox: vi.fn(),
    showMessageBox: vi.fn(async () => ({ response: 0 })),
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: undefined as string | undefined })),
  },
  /** Reset this instance (tests that call vi.resetModules get a fresh module graph per test). */
  resetForTest: (): void => resetFakeElectron(),
};

/** Clear recorded calls and per-test state between tests. */
export function resetFakeElectron(): void {
  vi.clearAllMocks();
  FakeBrowserWindow.instances = [];
  fakeElectron.ipcMain.handlers.clear();
  fakeElectron.ipcRenderer.removeAllListeners();
  fakeElectron.app.removeAllListeners();
  fakeElectron.nativeTheme.themeSource = 'system';
}
