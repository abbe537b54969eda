import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import { APP_ENTRY_URL } from '../app-url';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';
import { isSafeExternalUrl } from './navigation-guard';
import { FakeBrowserWindow, fakeElectron, resetFakeElectron } from '../../test/support/fake-electron';
import { EXPECTED_HARDENED_PREFERENCES } from '../../test/support/hardened-preferences';
import { createMainWindow, HARDENED_WEB_PREFERENCES, mainWindowOptions } from './window-factory';
import { WindowRegistry } from './window-registry';

function makeWindow() {
  const registry = new WindowRegistry();
  createMainWindow({ preloadPath: '/app/out/preload/index.js', registry });
  const window = FakeBrowserWindow.instances.at(-1)!;
  return { window, contents: window.webContents, registry };
}

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

beforeEach(() => resetFakeElectron());

describe('window factory options', () => {
  it('passes exactly the hardened webPreferences', () => {
    const { window } = makeWindow();
    expect(window.options.webPreferences).toStrictEqual({
      preload: '/app/out/preload/index.js',
      ...EXPECTED_HARDENED_PREFERENCES,
    });
    expect(window.options).toStrictEqual(mainWindowOptions('/app/out/preload/index.js'));
  });

  it('has no DevTools unless a development build asks for them (index.ts: !app.isPackaged)', () => {
    expect(HARDENED_WEB_PREFERENCES.devTools).toBe(false);
    createMainWindow({ preloadPath: '/p.js', registry: new WindowRegistry(), devTools: true });
    expect(FakeBrowserWindow.instances.at(-1)!.options.webPreferences).toMatchObject({ devTools: true });
    createMainWindow({ preloadPath: '/p.js', registry: new WindowRegistry() });
    expect(FakeBrowserWindow.instances.at(-1)!.options.webPreferences).toMatchObject({ devTools: false });
  });

  it('keeps the exported preferences frozen so nobody can weaken them at runtime', () => {
    expect(Object.isFrozen(HARDENED_WEB_PREFERENCES)).toBe(true);
  });

  it('loads the app:// entry, registers the window and shows it only when ready', () => {
    const { window, contents, registry } = makeWindow();
    expect(window.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    expect(registry.isOurs(contents as never)).toBe(true);
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
    window.emit('closed');
    expect(registry.isOurs(contents as never)).toBe(false);
  });
});

describe('navigation guards', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s to another URL is prevented', (name) => {
    const { contents } = makeWindow();
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      'app://other/index.html',
      'app://inspector/other.html',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const event = navigationEvent(url);
      contents.emit(name, event);
      expect(event.preventDefault, url).toHaveBeenCalled();
    }
  });

  it('allows navigation to our own entry page (reload with a query or hash)', () => {
    const { contents } = makeWindow();
    const event = navigationEvent(`${APP_ENTRY_URL}#/runs`);
    contents.emit('will-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('prevents <webview> attachment', () => {
    const { contents } = makeWindow();
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('denies window.open and opens only https URLs externally, after the user saw the URL and clicked Open', async () => {
    const { contents } = makeWindow();
    const handler = contents.windowOpenHandler!;
    expect(handler({ url: 'https://github.com/little/workflow' })).toEqual({ action: 'deny' });
    // Nothing opens before the user answers the dialog that shows the URL.
    expect(fakeElectron.shell.openExternal).not.toHaveBeenCalled();
    expect(fakeElectron.dialog.showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ detail: 'https://github.com/little/workflow', buttons: ['Open', 'Cancel'], cancelId: 1 }));
    await vi.waitFor(() => expect(fakeElectron.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://github.com/little/workflow'));

    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://inspector/index.html',
      'smb://host/share',
      'https//missing-colon',
      'not a url',
      '',
      'https://user:pass@example.com/',
    ]) {
      fakeElectron.shell.openExternal.mockClear();
      expect(handler({ url })).toEqual({ action: 'deny' });
      expect(fakeElectron.shell.openExternal, url).not.toHaveBeenCalled();
    }
  });

  it('opens nothing when the user cancels, and asks once at a time', async () => {
    const { contents } = makeWindow();
    let answer: (value: { response: number }) => void = () => {};
    fakeElectron.dialog.showMessageBox.mockImplementationOnce(() => new Promise((done) => (answer = done)));
    const handler = contents.windowOpenHandler!;
    handler({ url: 'https://example.com/a' });
    handler({ url: 'https://example.com/b' });
    expect(fakeElectron.dialog.showMessageBox).toHaveBeenCalledOnce();
    answer({ response: 1 });
    await new Promise((done) => setTimeout(done, 0));
    expect(fakeElectron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('isSafeExternalUrl accepts only parsed https URLs', () => {
    expect(isSafeExternalUrl('https://example.com/a?b#c')).toBe(true);
    expect(isSafeExternalUrl('HTTPS://EXAMPLE.COM/')).toBe(true);
    expect(isSafeExternalUrl(' javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl(42)).toBe(false);
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('session hardening', () => {
  it('denies every permission request and check', () => {
    const { contents } = makeWindow();
    const session = contents.session;
    const [requestHandler] = session.setPermissionRequestHandler.mock.calls[0] as [
      (wc: unknown, permission: string, callback: (granted: boolean) => void) => void,
    ];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      requestHandler(contents, permission, callback);
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    }
    const [checkHandler] = session.setPermissionCheckHandler.mock.calls[0] as [() => boolean];
    expect(checkHandler()).toBe(false);
    const [deviceHandler] = session.setDevicePermissionHandler.mock.calls[0] as [() => boolean];
    expect(deviceHandler()).toBe(false);
  });

  it("sets a CSP header starting from default-src 'none' and replaces any existing one", () => {
    const { contents } = makeWindow();
    const [listener] = contents.session.webRequest.onHeadersReceived.mock.calls[0] as [
      (details: unknown, callback: (response: { responseHeaders: Record<string, string[]> }) => void) => void,
    ];
    const callback = vi.fn();
    listener(
      {
        url: APP_ENTRY_URL,
        resourceType: 'mainFrame',
        responseHeaders: { 'content-security-policy': ["default-src *"], 'X-Other': ['1'] },
      },
      callback,
    );
    const headers = callback.mock.calls[0][0].responseHeaders;
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['X-Other']).toEqual(['1']);
    const csp = headers['Content-Security-Policy'][0];
    expect(csp.startsWith("default-src 'none'")).toBe(true);
    for (const directive of [
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('applies the policy to our origin and web documents, not to devtools', () => {
    const { contents } = makeWindow();
    const [listener] = contents.session.webRequest.onHeadersReceived.mock.calls[0] as [
      (details: unknown, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void,
    ];
    const headersFor = (url: string, resourceType: string) => {
      const callback = vi.fn();
      listener({ url, resourceType, responseHeaders: {} }, callback);
      return callback.mock.calls[0][0].responseHeaders?.['Content-Security-Policy'];
    };
    expect(headersFor('app://inspector/assets/index.js', 'script')).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headersFor('https://evil.example/', 'mainFrame')).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headersFor('file:///tmp/x.html', 'subFrame')).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headersFor('devtools://devtools/bundled/devtools_app.html', 'mainFrame')).toBeUndefined();
  });

  it('blocks downloads and installs the session policy once per session', () => {
    const { contents } = makeWindow();
    const event = { preventDefault: vi.fn() };
    contents.session.emit('will-download', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(contents.session.webRequest.onHeadersReceived).toHaveBeenCalledOnce();
  });
});
