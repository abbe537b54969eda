import { describe, expect, it } from 'vitest';
import { contentTypeFor, isInside, staticSegments } from './static-files';
import { bearer, send, sendRaw, SECRET, serveFakeCore } from '../../test/support/web-support';

const served = serveFakeCore();

const get = (path: string) => send(served.web.port, { path, headers: bearer(served.web.token) });

describe('static files', () => {
  it('serves index.html for / with no-store', async () => {
    const reply = await get('/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toContain('Little Inspector');
  });

  it.each([
    ['/assets/app.js', 'text/javascript; charset=utf-8'],
    ['/assets/app.css', 'text/css; charset=utf-8'],
    ['/assets/logo.svg', 'image/svg+xml'],
    ['/assets/app.js.map', 'application/json; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    const reply = await get(path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD without a body', async () => {
    const reply = await send(served.web.port, { method: 'HEAD', path: '/assets/app.js', headers: bearer(served.web.token) });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe(String('console.log("app");'.length));
    expect(reply.body).toBe('');
  });

  it('404 for unknown files and for directories (no listing)', async () => {
    for (const path of ['/nope.js', '/assets', '/assets/', '/assets/nested', '/assets/nested/', '//', '/assets//app.js']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain('app.js');
    }
  });

  it('never serves dot-files', async () => {
    const reply = await get('/.hidden');
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain(SECRET);
  });

  const traversals = [
    '/../package.json',
    '/../secret.txt',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/secret.txt',
    '/..%2fpackage.json',
    '/..%2Fsecret.txt',
    '/%2e%2e%2fpackage.json',
    '/..%5cpackage.json',
    '/..\\package.json',
    '/assets\\..\\..\\secret.txt',
    '/index.html%00.js',
    '/%00',
    '/assets/%252e%252e/%252e%252e/secret.txt',
    '/.%2e/secret.txt',
    '/./index.html',
    '/assets/escape.txt',
    '/assets/escape-dir/secret.txt',
    '/assets/escape-dir/package.json',
    '/C:/Windows/win.ini',
    '/%E0%A4%A',
  ];
  it.each(traversals)('refuses %s with 403/404 and never leaks content', async (path) => {
    const reply = await get(path);
    expect([403, 404]).toContain(reply.status);
    expect(reply.body).not.toContain(SECRET);
  });

  it('refuses absolute-form and raw traversal request lines', async () => {
    for (const target of ['/../secret.txt', `http://127.0.0.1:${served.web.port}/../secret.txt`, '*']) {
      const raw = await sendRaw(served.web.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${served.web.port}\r\nAuthorization: Bearer ${served.web.token}\r\nConnection: close\r\n\r\n`);
      expect(raw, target).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(raw).not.toContain(SECRET);
    }
  });

  it('405 for methods other than GET and HEAD', async () => {
    const reply = await send(served.web.port, { method: 'POST', path: '/index.html', headers: bearer(served.web.token), body: 'x' });
    expect(reply.status).toBe(405);
  });
});

describe('staticSegments', () => {
  it('maps / to index.html and splits plain paths', () => {
    expect(staticSegments('/')).toEqual(['index.html']);
    expect(staticSegments('/?token=x')).toEqual(['index.html']);
    expect(staticSegments('/assets/a%20b.js')).toEqual(['assets', 'a b.js']);
  });
  it('refuses dot segments, encoded separators, NUL and bad escapes', () => {
    for (const raw of ['/..', '/a/../b', '/%2e%2e', '/a%2fb', '/a%5cb', '/a\\b', '/a%00', '/%zz', 'relative', '/.']) {
      expect(staticSegments(raw), raw).toBe('forbidden');
    }
  });
  it('checks containment strictly', () => {
    expect(isInside('/r', '/r/a')).toBe(true);
    expect(isInside('/r', '/r')).toBe(false);
    expect(isInside('/r', '/rx/a')).toBe(false);
    expect(isInside('/r', '/a')).toBe(false);
  });
  it('knows the content types', () => {
    expect(contentTypeFor('x.woff2')).toBe('font/woff2');
    expect(contentTypeFor('x.png')).toBe('image/png');
    expect(contentTypeFor('x.bin')).toBe('application/octet-stream');
  });
});
