import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import { APP_ENTRY_URL } from '../app-url';
import { FakeBrowserWindow, fakeElectron, resetFakeElectron } from '../../test/support/fake-electron';
import { createMainWindow } from './window-factory';
import { WindowRegistry } from './window-registry';

// Checklist items of https://www.electronjs.org/docs/latest/tutorial/security that the other
// glue tests do not name on their own; docs/SECURITY.md maps every item to its test.
function makeWindow() {
  createMainWindow({ preloadPath: '/app/out/preload/index.js', registry: new WindowRegistry() });
  return FakeBrowserWindow.instances.at(-1)!;
}

beforeEach(() => resetFakeElectron());

describe('Electron security checklist', () => {
  it('1/18: windows load only our secure custom scheme, never http: or file:', () => {
    const window = makeWindow();
    expect(APP_ENTRY_URL).toBe('app://inspector/index.html');
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith(APP_ENTRY_URL);
  });

  it('10: no enableBlinkFeatures, no additionalArguments, no preload other than ours', () => {
    const prefs = makeWindow().options.webPreferences as Record<string, unknown>;
    for (const key of ['enableBlinkFeatures', 'additionalArguments', 'preloadURL', 'partition', 'nodeIntegration']) {
      expect(key === 'nodeIntegration' ? prefs[key] : key in prefs, key).toBe(false);
    }
  });

  it('14 (auxclick): a middle-click or shift-click new window is denied like window.open, whatever its disposition', async () => {
    const contents = makeWindow().webContents;
    const handler = contents.windowOpenHandler!;
    for (const disposition of ['background-tab', 'foreground-tab', 'new-window', 'other']) {
      fakeElectron.shell.openExternal.mockClear();
      expect(handler({ url: 'file:///etc/passwd', disposition } as never)).toEqual({ action: 'deny' });
      expect(handler({ url: 'https://example.com/', disposition } as never)).toEqual({ action: 'deny' });
      await vi.waitFor(() => expect(fakeElectron.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/'));
    }
  });

  it('16: the Electron installed is the pinned 45.x (a current, supported line)', () => {
    const root = join(__dirname, '..', '..');
    const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron as string;
    const installed = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;
    expect(installed).toBe(pinned);
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
});
