import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startWebServer } from './web-server';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers';
import { inlineScriptSource } from '../content-security-policy';
import { EARLY_PREPARE_SCRIPT } from '../../shared/early-prepare-script';
import { tokensEqual } from './access-token';
import { bearer, makeFakeCore, send, sendRaw, serveFakeCore } from '../../test/support/web-support';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

const served = serveFakeCore();

/** One request of each route type, for the auth and guard matrices. */
const ROUTES = [
  { name: 'index', method: 'GET', path: '/' },
  { name: 'index.html', method: 'GET', path: '/index.html' },
  { name: 'asset', method: 'GET', path: '/assets/app.js' },
  { name: 'missing file', method: 'GET', path: '/nope.js' },
  { name: 'api call', method: 'POST', path: '/api/call/app.info', body: '{}' },
  { name: 'unknown channel', method: 'POST', path: '/api/call/nope', body: '{}' },
  { name: 'events', method: 'GET', path: '/api/events' },
] as const;

describe('startWebServer', () => {
  it('listens on 127.0.0.1 only and reports its start URL', () => {
    const address = served.web.server.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect(address.family).toBe('IPv4');
    expect(address.port).toBe(served.web.port);
    expect(served.web.origin).toBe(`http://127.0.0.1:${served.web.port}`);
    expect(served.web.url).toBe(`http://127.0.0.1:${served.web.port}/?token=${served.web.token}`);
  });

  it('makes a 32-byte base64url token when none is given', () => {
    expect(served.web.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(served.web.token, 'base64url')).toHaveLength(32);
  });

  it('uses a given token and refuses unsafe ones', async () => {
    const token = 'fixed-token-for-tests_0123456789';
    const other = await startWebServer({ core: makeFakeCore(), rendererDir: served.fixture.rendererDir, token });
    try {
      expect(other.token).toBe(token);
      expect((await send(other.port, { headers: bearer(token) })).status).toBe(200);
    } finally {
      await other.close();
    }
    await expect(startWebServer({ core: makeFakeCore(), rendererDir: served.fixture.rendererDir, token: 'a;b' })).rejects.toThrow();
    await expect(startWebServer({ core: makeFakeCore(), rendererDir: served.fixture.rendererDir, token: 'short' })).rejects.toThrow();
  });

  it('refuses a renderer dir that does not exist', async () => {
    await expect(startWebServer({ core: makeFakeCore(), rendererDir: `${served.fixture.base}/missing` })).rejects.toThrow();
  });

  it('sets the slow-client timeouts', () => {
    expect(served.web.server.headersTimeout).toBe(10_000);
    expect(served.web.server.requestTimeout).toBe(30_000);
  });

  it('close() ends open event streams and is idempotent', async () => {
    const core = makeFakeCore();
    const other = await startWebServer({ core, rendererDir: served.fixture.rendererDir });
    const ended = send(other.port, { path: '/api/events', headers: bearer(other.token) });
    await expect.poll(() => core.listenerCount()).toBe(1);
    await Promise.all([other.close(), other.close()]);
    await ended.catch(() => undefined);
    expect(core.listenerCount()).toBe(0);
  });
});

describe('token', () => {
  const API_ROUTES = ROUTES.filter((route) => route.path.startsWith('/api'));
  const STATIC_ROUTES = ROUTES.filter((route) => !route.path.startsWith('/api'));

  it.each(API_ROUTES)('401 without a token: $name', async (route) => {
    const reply = await send(served.web.port, { method: route.method, path: route.path, headers: JSON_HEADERS, body: 'body' in route ? route.body : undefined });
    expect(reply.status).toBe(401);
    expect(reply.body).toBe('unauthorized\n');
  });

  it.each(API_ROUTES)('401 with a wrong token (bearer, query) or the right one in a cookie: $name', async (route) => {
    const wrong = `${served.web.token.slice(0, -1)}${served.web.token.endsWith('A') ? 'B' : 'A'}`;
    const body = 'body' in route ? route.body : undefined;
    const tries = [
      { headers: { ...JSON_HEADERS, ...bearer(wrong) }, path: route.path },
      { headers: JSON_HEADERS, path: `${route.path}?token=${wrong}` },
      { headers: JSON_HEADERS, path: `${route.path}?token=` },
      // A cookie reaches every server on the host (ports do not scope cookies): never a credential.
      { headers: { ...JSON_HEADERS, Cookie: `li_token=${served.web.token}` }, path: route.path },
    ];
    for (const attempt of tries) {
      const reply = await send(served.web.port, { method: route.method, body, ...attempt });
      expect(reply.status).toBe(401);
    }
  });

  it('accepts the token as bearer header or query on the API', async () => {
    const viaBearer = await send(served.web.port, { method: 'POST', path: '/api/call/app.info', headers: { ...JSON_HEADERS, ...bearer(served.web.token) }, body: '{}' });
    const viaQuery = await send(served.web.port, { method: 'POST', path: `/api/call/app.info?token=${served.web.token}`, headers: JSON_HEADERS, body: '{}' });
    expect(viaBearer.status).toBe(200);
    expect(viaQuery.status).toBe(200);
  });

  it.each(STATIC_ROUTES)('serves the public renderer build without a token (no data in it): $name', async (route) => {
    const reply = await send(served.web.port, { method: route.method, path: route.path });
    expect(reply.status).toBe(route.name === 'missing file' ? 404 : 200);
  });

  it('never hands the token out as a cookie (cookies are shared by every port of the host)', async () => {
    for (const path of ['/', '/index.html']) {
      const reply = await send(served.web.port, { path: `${path}?token=${served.web.token}` });
      expect(reply.status).toBe(200);
      expect(reply.body).toContain('<title>Little Inspector</title>');
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
  });

  it('compares tokens without regard to length leaks', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('abc', '')).toBe(false);
  });
});

describe('Host, Origin and fetch-site guard', () => {
  const hosts = (port: number) => [`evil.example:${port}`, `127.0.0.1.evil:${port}`, '127.0.0.1', `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, `[::1]:${port}`];

  it.each(ROUTES)('403 for a foreign Host even with a valid token: $name', async (route) => {
    for (const host of hosts(served.web.port)) {
      const reply = await send(served.web.port, { method: route.method, path: route.path, headers: { ...JSON_HEADERS, ...bearer(served.web.token), Host: host }, body: 'body' in route ? route.body : undefined });
      expect(reply.status, host).toBe(403);
    }
  });

  it('403 for a foreign Host even without a token (Host is checked first)', async () => {
    const reply = await send(served.web.port, { headers: { Host: `evil.example:${served.web.port}` } });
    expect(reply.status).toBe(403);
  });

  it('accepts Host localhost:PORT', async () => {
    const reply = await send(served.web.port, { path: '/assets/app.js', headers: { ...bearer(served.web.token), Host: `localhost:${served.web.port}` } });
    expect(reply.status).toBe(200);
  });

  it('403 for two Host headers', async () => {
    const raw = await sendRaw(served.web.port, `GET /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1:${served.web.port}\r\nHost: evil.example\r\nAuthorization: Bearer ${served.web.token}\r\nConnection: close\r\n\r\n`);
    expect(raw).not.toContain('console.log');
    expect(raw).toMatch(/^HTTP\/1\.1 40[03]/);
  });

  it.each(ROUTES)('403 for a foreign Origin: $name', async (route) => {
    const origins = ['http://evil.example', `http://127.0.0.1:${served.web.port + 1}`, `https://127.0.0.1:${served.web.port}`, 'null', `http://127.0.0.1.evil:${served.web.port}`];
    for (const origin of origins) {
      const reply = await send(served.web.port, { method: route.method, path: route.path, headers: { ...JSON_HEADERS, ...bearer(served.web.token), Origin: origin }, body: 'body' in route ? route.body : undefined });
      expect(reply.status, origin).toBe(403);
    }
  });

  it('accepts our own Origin on either host name', async () => {
    for (const origin of [`http://127.0.0.1:${served.web.port}`, `http://localhost:${served.web.port}`]) {
      const reply = await send(served.web.port, { method: 'POST', path: '/api/call/app.info', headers: { ...JSON_HEADERS, ...bearer(served.web.token), Origin: origin }, body: '{}' });
      expect(reply.status).toBe(200);
    }
  });

  it('403 for a cross-site fetch, and for same-site (another loopback port) unless navigating', async () => {
    const crossSite = await send(served.web.port, { path: '/assets/app.js', headers: { ...bearer(served.web.token), 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' } });
    expect(crossSite.status).toBe(403);
    const sameSite = await send(served.web.port, { path: '/assets/app.js', headers: { ...bearer(served.web.token), 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' } });
    expect(sameSite.status).toBe(403);
    const navigate = await send(served.web.port, { path: `/?token=${served.web.token}`, headers: { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' } });
    expect(navigate.status).toBe(200);
    for (const site of ['same-origin', 'none']) {
      const reply = await send(served.web.port, { path: '/assets/app.js', headers: { ...bearer(served.web.token), 'Sec-Fetch-Site': site } });
      expect(reply.status).toBe(200);
    }
  });
});

describe('security headers', () => {
  const cases = [
    { name: 'static 200', options: () => ({ path: `/assets/app.js?token=${served.web.token}` }) },
    { name: 'api 200', options: () => ({ method: 'POST', path: '/api/call/app.info', headers: { ...JSON_HEADERS, ...bearer(served.web.token) }, body: '{}' }) },
    { name: '401', options: () => ({ method: 'POST', path: '/api/call/app.info', headers: JSON_HEADERS, body: '{}' }) },
    { name: '403', options: () => ({ headers: { Host: 'evil.example' } }) },
    { name: '404', options: () => ({ path: '/missing.js', headers: bearer(served.web.token) }) },
    { name: '405', options: () => ({ method: 'DELETE', path: '/', headers: bearer(served.web.token) }) },
  ];
  it.each(cases)('are on every response: $name', async ({ options }) => {
    const reply = await send(served.web.port, options());
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(reply.headers[name.toLowerCase()], name).toBe(value);
    }
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toBe(
      `default-src 'none'; script-src 'self' ${inlineScriptSource(EARLY_PREPARE_SCRIPT)}; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });
});
