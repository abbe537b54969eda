import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FakeBrowserWindow, resetFakeElectron } from '../../test/support/fake-electron';
import { EXPECTED_HARDENED_PREFERENCES } from '../../test/support/hardened-preferences';
import { EXPORT_PARTITION, exportWindowOptions } from './window-factory';
import { printReportToPdf } from './pdf-electron';

beforeEach(() => resetFakeElectron());

describe('PDF in the desktop app', () => {
  it('prints from a hidden, hardened window with JavaScript off and no preload', async () => {
    const pdf = await printReportToPdf('<!doctype html><p>report</p>');
    expect(Buffer.from(pdf).toString()).toBe('%PDF-1.4 fake');
    const window = FakeBrowserWindow.instances[0];
    expect(window.options).toStrictEqual(exportWindowOptions());
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toStrictEqual({
      ...EXPECTED_HARDENED_PREFERENCES,
      javascript: false,
      partition: EXPORT_PARTITION,
    });
    expect(window.webContents.printToPDF).toHaveBeenCalledWith({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true });
  });

  it('loads only its temp file, cancels every other request, and cleans up', async () => {
    await printReportToPdf('<p>x</p>');
    const window = FakeBrowserWindow.instances[0];
    const url = window.loadURL.mock.calls[0][0] as string;
    expect(url).toMatch(/^file:\/\/.*little-inspector-export-.*\/report\.html$/);
    expect(existsSync(fileURLToPath(url))).toBe(false);
    expect(window.destroy).toHaveBeenCalled();
    const filter = window.webContents.session.webRequest.onBeforeRequest.mock.calls[0][0] as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    const decide = (u: string) => {
      let cancel: boolean | undefined;
      filter({ url: u }, (r) => void (cancel = r.cancel));
      return cancel;
    };
    expect(decide('https://fonts.example/x.woff2')).toBe(true);
    expect(decide('file:///etc/passwd')).toBe(true);
    expect(decide(url)).toBe(true); // the window is closed: its URL is no longer allowed
  });

  it('guards navigation and denies permissions in the export session', async () => {
    await printReportToPdf('<p>x</p>');
    const contents = FakeBrowserWindow.instances[0].webContents;
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const event = { url: 'https://example.com', preventDefault: vi.fn() };
    contents.emit('will-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
    const permission = contents.session.setPermissionRequestHandler.mock.calls[0][0] as (c: unknown, p: string, cb: (ok: boolean) => void) => void;
    const granted = vi.fn();
    permission(null, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
  });
});
