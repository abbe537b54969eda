import { channelNames } from '../../shared/contract';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);
vi.mock('../app-paths', () => ({
  rendererDir: () => '/app/out/renderer',
  exampleDataDir: () => '/app/examples/demo',
}));
vi.mock('../core/inspector-core', async () => {
  const { ok } = await import('../../shared/diagnostics');
  const handler = () => vi.fn(async () => ok(null));
  return {
    createInspectorCore: vi.fn(() => ({
      handlers: {
        'app.info': handler(),
        'library.open': handler(),
        'library.current': handler(),
        'library.refresh': handler(),
        'dialog.openDirectory': handler(),
      },
      subscribe: vi.fn(() => () => undefined),
      openPath: vi.fn(async (path: string) => ok(emptySnapshot(path))),
    })),
  };
});

import type { FakeBrowserWindow, fakeElectron as FakeElectronModule } from '../../test/support/fake-electron';
import { emptySnapshot } from '../../test/support/empty-snapshot';

type Electron = typeof FakeElectronModule & { BrowserWindow: typeof FakeBrowserWindow };

let userData: string;
const savedArgv = process.argv;

beforeEach(() => {
  vi.resetModules();
  userData = mkdtempSync(join(tmpdir(), 'inspector-user-data-'));
  // What a packaged app without arguments sees.
  process.argv = ['/opt/little-inspector/little-inspector'];
});
afterEach(() => {
  process.argv = savedArgv;
  rmSync(userData, { recursive: true, force: true });
});

/** Fresh module graph: the fake electron the app sees is the one returned here. */
async function loadElectron(): Promise<Electron> {
  const electron = (await import('electron')) as unknown as Electron;
  electron.resetForTest();
  electron.app.getPath.mockReturnValue(userData);
  return electron;
}

describe('app lifecycle', () => {
  it('quits when the single-instance lock is held by another instance, before creating anything', async () => {
    const electron = await loadElectron();
    electron.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    await import('./index');
    expect(electron.app.quit).toHaveBeenCalledOnce();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
    expect(electron.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('enables the sandbox and registers the app:// scheme before ready', async () => {
    const electron = await loadElectron();
    await import('./index');
    expect(electron.app.enableSandbox).toHaveBeenCalledOnce();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    expect(electron.app.quit).not.toHaveBeenCalled();
  });

  it('on ready: system theme, protocol, IPC, menu, opens the example, then one hardened window', async () => {
    const electron = await loadElectron();
    electron.app.whenReady.mockReturnValueOnce(Promise.resolve());
    await import('./index');
    const { createInspectorCore } = (await import('../core/inspector-core')) as unknown as {
      createInspectorCore: ReturnType<typeof vi.fn>;
    };
    await vi.waitFor(() => expect(electron.BrowserWindow.instances).toHaveLength(1));

    expect(electron.nativeTheme.themeSource).toBe('system');
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(electron.ipcMain.handlers.size).toBe(channelNames.length);
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalled();
    expect(createInspectorCore).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'electron', initialPath: '/app/examples/demo' }),
    );
    const core = createInspectorCore.mock.results[0].value;
    expect(core.openPath).toHaveBeenCalledWith('/app/examples/demo');
    const window = electron.BrowserWindow.instances[0];
    expect((window.options.webPreferences as Record<string, unknown>).sandbox).toBe(true);
    expect(window.loadURL).toHaveBeenCalledWith('app://inspector/index.html');

    // A second launch with a path focuses our window and opens that path.
    electron.app.emit('second-instance', {}, ['/opt/little-inspector/little-inspector', 'other'], '/home/me');
    expect(window.focus).toHaveBeenCalled();
    await vi.waitFor(() => expect(core.openPath).toHaveBeenCalledWith('/home/me/other'));
    expect(electron.BrowserWindow.instances).toHaveLength(1);
  });

  it('File > Export report… asks the focused window for its run; the dialog exports the run a request names', async () => {
    const electron = await loadElectron();
    electron.app.whenReady.mockReturnValueOnce(Promise.resolve());
    await import('./index');
    const { createInspectorCore } = (await import('../core/inspector-core')) as unknown as { createInspectorCore: ReturnType<typeof vi.fn> };
    await vi.waitFor(() => expect(electron.BrowserWindow.instances).toHaveLength(1));
    const window = electron.BrowserWindow.instances[0];
    type Item = { label?: string; submenu?: Item[]; click?: () => void };
    const template = electron.Menu.buildFromTemplate.mock.calls.at(-1)![0] as Item[];
    const item = template.flatMap((menu) => menu.submenu ?? []).find((i) => i.label === 'Export Report…');
    electron.BrowserWindow.getFocusedWindow.mockReturnValue(window);
    item!.click!();
    // The window's renderer knows which run it shows: it answers with dialog.exportReport({dataDir, runId}).
    expect(window.webContents.send).toHaveBeenCalledWith('inspector:push', { kind: 'menu.exportRun' });

    const options = createInspectorCore.mock.calls[0][0] as { exportReportDialog(ref: { dataDir: string; runId: string }): Promise<string | null> };
    const core = createInspectorCore.mock.results[0].value as { dataDirPaths?: () => string[] };
    core.dataDirPaths = () => [];
    expect(await options.exportReportDialog({ dataDir: '/data/.little-workflow', runId: 'run_named' })).toBeNull();
    const [, dialogOptions] = electron.dialog.showSaveDialog.mock.calls[0] as [unknown, { defaultPath: string }];
    expect(dialogOptions.defaultPath).toMatch(/run_named\.report\.html$/);
    electron.BrowserWindow.getFocusedWindow.mockReturnValue(null);
  });

  it('quits when every window is closed (except on macOS)', async () => {
    const electron = await loadElectron();
    await import('./index');
    electron.app.emit('window-all-closed');
    expect(electron.app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });
});

/** Start the app with `whenReady` resolved and wait for its window; returns the mocked core. */
async function startApp(electron: Electron) {
  electron.app.whenReady.mockReturnValueOnce(Promise.resolve());
  await import('./index');
  await vi.waitFor(() => expect(electron.BrowserWindow.instances).toHaveLength(1));
  const { createInspectorCore } = (await import('../core/inspector-core')) as unknown as { createInspectorCore: ReturnType<typeof vi.fn> };
  return createInspectorCore.mock.results[0].value as {
    openPath: ReturnType<typeof vi.fn>;
    subscribe: ReturnType<typeof vi.fn>;
  };
}

type MenuItem = { label?: string; submenu?: MenuItem[]; click?: () => void; accelerator?: string };

describe('desktop conventions', () => {
  it('runs the CLI instead of the window for --cli (the installed wrapper), without the single-instance lock', async () => {
    const electron = await loadElectron();
    process.argv = ['/opt/Little Inspector/little-inspector-app', '--cli', '--version'];
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string, callback?: () => void) => {
      written.push(String(chunk));
      if (typeof callback === 'function') callback();
      return true;
    }) as typeof process.stdout.write);
    try {
      await import('./index');
      await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledExactlyOnceWith(0));
    } finally {
      write.mockRestore();
    }
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(written.join('')).toBe(`${pkg.version}\n`);
    expect(electron.app.requestSingleInstanceLock).not.toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
    expect(electron.app.dock.hide).toHaveBeenCalled();
  });

  it('restores the remembered window size and position, maximized, and saves them on close', async () => {
    const electron = await loadElectron();
    const stateFile = join(userData, 'window-state.json');
    writeFileSync(stateFile, JSON.stringify({ version: 1, bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true }));
    await startApp(electron);
    const window = electron.BrowserWindow.instances[0];
    expect(window.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700, minWidth: 720, minHeight: 480 });
    expect(window.maximize).toHaveBeenCalledOnce();

    window.getNormalBounds.mockReturnValueOnce({ x: 200, y: 60, width: 900, height: 650 });
    window.emit('close');
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ version: 1, bounds: { x: 200, y: 60, width: 900, height: 650 }, maximized: false });
  });

  it('opens at the default place when the remembered one is on a display that is gone', async () => {
    const electron = await loadElectron();
    writeFileSync(join(userData, 'window-state.json'), JSON.stringify({ version: 1, bounds: { x: 3000, y: 50, width: 1000, height: 700 }, maximized: true }));
    await startApp(electron);
    const window = electron.BrowserWindow.instances[0];
    expect(window.options).toMatchObject({ width: 1280, height: 840 });
    expect(window.options).not.toHaveProperty('x');
    expect(window.maximize).not.toHaveBeenCalled();
  });

  it('lists recent folders in File > Open Recent, opens one on click, and tells the OS the latest', async () => {
    const electron = await loadElectron();
    writeFileSync(join(userData, 'recent.json'), JSON.stringify({ version: 1, recent: ['/r/a', '/r/b'], lastOpened: null }));
    const core = await startApp(electron);
    const push = core.subscribe.mock.calls[0][0] as (message: unknown) => void;
    push({ kind: 'library.changed' });
    expect(electron.app.addRecentDocument).toHaveBeenCalledExactlyOnceWith('/r/a');
    // A live update that did not change the list neither rebuilds the menu nor re-adds.
    const menus = electron.Menu.buildFromTemplate.mock.calls.length;
    push({ kind: 'library.changed' });
    expect(electron.Menu.buildFromTemplate.mock.calls.length).toBe(menus);
    expect(electron.app.addRecentDocument).toHaveBeenCalledOnce();

    const template = electron.Menu.buildFromTemplate.mock.calls.at(-1)![0] as MenuItem[];
    const file = template.find((item) => item.label === 'File')!;
    const recent = file.submenu!.find((item) => item.label === 'Open Recent')!;
    expect(recent.submenu!.map((item) => item.label)).toEqual(['/r/a', '/r/b']);
    expect(file.submenu!.find((item) => item.label === 'Open Data Directory…')!.accelerator).toBe('CmdOrCtrl+O');
    recent.submenu![1].click!();
    await vi.waitFor(() => expect(core.openPath).toHaveBeenCalledWith('/r/b'));
  });

  it('opens the data dir of an events.db the OS hands over (file association, macOS open-file)', async () => {
    const electron = await loadElectron();
    const core = await startApp(electron);
    const preventDefault = vi.fn();
    electron.app.emit('open-file', { preventDefault }, '/p/.little-workflow/events/events.db');
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(core.openPath).toHaveBeenCalledWith('/p/.little-workflow'));
  });

  it('a second launch with a ledger file opens its folder in the first window', async () => {
    const electron = await loadElectron();
    const core = await startApp(electron);
    electron.app.emit('second-instance', {}, ['/opt/x/little-inspector-app', 'loop/trajectory.jsonl'], '/home/me');
    await vi.waitFor(() => expect(core.openPath).toHaveBeenCalledWith('/home/me/loop'));
    expect(electron.BrowserWindow.instances).toHaveLength(1);
  });
});
