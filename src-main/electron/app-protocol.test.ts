import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import { handleAppProtocol, registerAppScheme, resolveAppFile, serveAppRequest } from './app-protocol';
import { APP_ENTRY_URL, isAppEntryUrl, isAppOriginUrl } from '../app-url';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';
import { fakeElectron } from '../../test/support/fake-electron';

let root: string;
let renderer: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
  renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'secret');
  symlinkSync(join(root, 'secret.txt'), join(renderer, 'assets', 'link.js'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme and handles it', () => {
    registerAppScheme();
    const [[schemes]] = fakeElectron.protocol.registerSchemesAsPrivileged.mock.calls as unknown as [[Array<{ scheme: string; privileges: Record<string, boolean> }>]];
    expect(schemes).toHaveLength(1);
    expect(schemes[0].scheme).toBe('app');
    expect(schemes[0].privileges).toMatchObject({ standard: true, secure: true });
    expect(schemes[0].privileges.bypassCSP).toBeUndefined();
    expect(schemes[0].privileges.allowServiceWorkers).toBeUndefined();
    handleAppProtocol(renderer);
    expect(fakeElectron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('serves the entry with the CSP header, nosniff and an html content type', async () => {
    const response = await serveAppRequest(new Request(APP_ENTRY_URL), renderer);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<title>x</title>');
  });

  it('serves assets as JavaScript', async () => {
    const response = await serveAppRequest(new Request('app://inspector/assets/app.js'), renderer);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it.each([
    'app://inspector/../secret.txt',
    'app://inspector/%2e%2e/secret.txt',
    'app://inspector/assets/..%2f..%2fsecret.txt',
    'app://inspector/missing.js',
    'app://other/index.html',
    'app://inspector/%E0%A4%A',
  ])('answers 404 for %s and never reads outside the renderer folder', async (url) => {
    const response = await serveAppRequest(new Request(url), renderer);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('refuses non-GET methods', async () => {
    const response = await serveAppRequest(new Request(APP_ENTRY_URL, { method: 'POST', body: 'x' }), renderer);
    expect(response.status).toBe(405);
  });

  it('checks real paths like browser mode: a symlink out of the renderer dir is refused', async () => {
    expect(resolveAppFile('app://inspector/assets/link.js', renderer)).toBeNull();
    const response = await serveAppRequest(new Request('app://inspector/assets/link.js'), renderer);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('maps / to index.html and rejects foreign schemes', () => {
    expect(resolveAppFile('app://inspector/', renderer)).toBe(join(renderer, 'index.html'));
    expect(resolveAppFile('file:///etc/passwd', renderer)).toBeNull();
  });

  it('recognises only our origin and entry', () => {
    expect(isAppEntryUrl('app://inspector/index.html?x#y')).toBe(true);
    expect(isAppEntryUrl('app://inspector/other.html')).toBe(false);
    expect(isAppOriginUrl('app://inspector/assets/a.js')).toBe(true);
    expect(isAppOriginUrl('app://user@inspector/index.html')).toBe(false);
    expect(isAppOriginUrl('app://inspector.evil/index.html')).toBe(false);
    expect(isAppOriginUrl('file:///index.html')).toBe(false);
    expect(isAppOriginUrl('garbage')).toBe(false);
  });
});
