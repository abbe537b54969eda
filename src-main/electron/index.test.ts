import { channelNames } from '../../shared/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);
vi.mock('../app-paths', () => ({
  rendererDir: () => '/app/out/renderer',
  exampleDataDir: () => '/app/examples/demo',
}));
vi.mock('../library/inspector-core', async () => {
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
    const { createInspectorCore } = (await import('../library/inspector-core')) as unknown as {
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
    const { createInspectorCore } = (await import('../library/inspector-core')) as unknown as { createInspectorCore: ReturnType<typeof vi.fn> };
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
