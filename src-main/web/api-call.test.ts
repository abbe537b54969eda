import { describe, expect, it } from 'vitest';
import { isJsonContentType } from './api-call';
import { MAX_BODY_BYTES } from './request-body';
import { bearer, send, SNAPSHOT, serveFakeCore } from '../../test/support/web-support';

const logged: string[] = [];
const served = serveFakeCore({ log: (message) => logged.push(message) });

function call(channel: string, body: string | Buffer | undefined, headers: Record<string, string> = {}) {
  return send(served.web.port, {
    method: 'POST',
    path: `/api/call/${channel}`,
    headers: { 'Content-Type': 'application/json', ...bearer(served.web.token), ...headers },
    body,
  });
}

describe('POST /api/call/<channel>', () => {
  it('returns the handler Result as JSON 200', async () => {
    const reply = await call('library.open', JSON.stringify({ path: '/data/runs' }));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: { ...SNAPSHOT, root: '/data/runs' } });
    expect(served.core.calls.at(-1)).toEqual({ channel: 'library.open', request: { path: '/data/runs' } });
  });

  it('accepts a charset parameter on the content type', async () => {
    const reply = await call('app.info', '{}', { 'Content-Type': 'application/json; charset=utf-8' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).value.mode).toBe('browser');
  });

  it('415 without a JSON content type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect((await call('app.info', '{}', { 'Content-Type': type })).status, type).toBe(415);
    }
    const none = await send(served.web.port, { method: 'POST', path: '/api/call/app.info', headers: bearer(served.web.token), body: '{}' });
    expect(none.status).toBe(415);
  });

  it('413 for a declared oversized body, before reading it', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const reply = await call('library.open', big);
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
  });

  it('413 for an oversized chunked body (no Content-Length)', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(16 * 1024, 0x20));
    const reply = await send(served.web.port, {
      method: 'POST',
      path: '/api/call/library.open',
      headers: { 'Content-Type': 'application/json', ...bearer(served.web.token) },
      chunks,
    });
    expect(reply.status).toBe(413);
  });

  it('accepts a body of exactly the limit', async () => {
    const json = JSON.stringify({ path: '/x' });
    const padded = json + ' '.repeat(MAX_BODY_BYTES - json.length);
    expect((await call('library.open', padded)).status).toBe(200);
  });

  it('404 for a channel outside the contract', async () => {
    for (const channel of ['nope', 'constructor', '__proto__', 'hasOwnProperty', 'app.info/extra', '']) {
      const reply = await call(channel, '{}');
      expect(reply.status, channel).toBe(404);
      expect(JSON.parse(reply.body), channel).toMatchObject({ ok: false, error: { code: 'invalid-argument', message: 'unknown channel' } });
    }
    const outside = await send(served.web.port, { method: 'POST', path: '/api/other', headers: { 'Content-Type': 'application/json', ...bearer(served.web.token) }, body: '{}' });
    expect(outside.status).toBe(404);
  });

  it('400 invalid-argument for malformed JSON and schema failures', async () => {
    const bodies = ['', '{', 'null', '[]', '{"path": 3}', '{}', '{"path": ""}', JSON.stringify({ path: '/x', extra: 1 }), JSON.stringify({ path: 'x'.repeat(5000) })];
    for (const body of bodies) {
      const reply = await call('library.open', body);
      expect(reply.status, body.slice(0, 40)).toBe(400);
      const parsed = JSON.parse(reply.body);
      expect(parsed.ok).toBe(false);
      expect(parsed.error.code).toBe('invalid-argument');
      expect(parsed.error.severity).toBe('error');
    }
    const strict = JSON.parse((await call('app.info', '{"sneaky":true}')).body);
    expect(strict.error.code).toBe('invalid-argument');
    expect(strict.error.detail.issues.length).toBeGreaterThan(0);
  });

  it('400 for a body that is not UTF-8', async () => {
    const reply = await call('library.open', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(reply.status).toBe(400);
  });

  it('500 internal when a handler throws, without leaking the error, and keeps serving', async () => {
    const reply = await call('library.open', JSON.stringify({ path: '/boom' }));
    expect(reply.status).toBe(500);
    const parsed = JSON.parse(reply.body);
    expect(parsed).toMatchObject({ ok: false, error: { code: 'internal', severity: 'error' } });
    expect(reply.body).not.toContain('secret detail');
    expect(logged.some((line) => line.includes('library.open'))).toBe(true);
    const next = await call('library.open', JSON.stringify({ path: '/fine' }));
    expect(next.status).toBe(200);
  });

  it('405 for anything but POST under /api (except GET /api/events)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const reply = await send(served.web.port, { method, path: '/api/call/app.info', headers: bearer(served.web.token) });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow).toBe('POST');
    }
    const postEvents = await send(served.web.port, { method: 'POST', path: '/api/events', headers: { 'Content-Type': 'application/json', ...bearer(served.web.token) }, body: '{}' });
    expect(postEvents.status).toBe(405);
  });

  it('recognises JSON media types only', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON ; charset=UTF-8')).toBe(true);
    expect(isJsonContentType('application/json-patch+json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
