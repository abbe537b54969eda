/**
 * A 2xx that is not an OTLP answer is a failed export (issue 30, item 7): OpenTelemetry's
 * exporters take any 2xx, so a sign-in page or a proxy answering `200 text/html` used to count
 * as delivered. Now the CLI exits 1 with `otlp-not-otlp-answer` (naming the status, the content
 * type and the start of the body), the app answers that typed error, and `--follow` keeps the
 * spans queued; real OTLP answers (protobuf or JSON, empty or not) are still taken.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { createInspectorCore, type InspectorCore } from '../src-main/core/inspector-core';
import { appTraceSender } from '../src-main/otlp/send-from-app';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';

/** What the fake backend answers to every request. */
let answer: { status: number; type: string | null; body: string | Buffer } = { status: 200, type: 'text/html', body: '' };
let requests = 0;
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      res.writeHead(answer.status, answer.type === null ? {} : { 'content-type': answer.type }).end(answer.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const completed = () => fixtureRun('completed: planner prelude');
async function run(argv: string[], signal?: AbortSignal) {
  let stdout = '';
  let stderr = '';
  const code = await otlpCommand(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, { env: {}, signal, sender: { timeoutMillis: 1500 }, follow: { flushMs: 50, backoffInitialMs: 50 } });
  return { code, stdout, stderr };
}
const exportTo = (protocol = 'http/protobuf') => run([completed().runId, '--data-dir', completed().dir, '--endpoint', url, '--protocol', protocol]);

describe('the CLI', () => {
  it.each([
    ['200 text/html (a sign-in page)', { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><html><body><h1>Sign in</h1></body></html>' }, 'content type text/html', 'Sign in'],
    ['200 text/plain', { status: 200, type: 'text/plain', body: 'OK' }, 'content type text/plain', 'OK'],
    ['200 with no content type and a body', { status: 200, type: null, body: 'welcome' }, 'no content type', 'welcome'],
    ['200 application/json with HTML', { status: 200, type: 'application/json', body: '<html>gateway</html>' }, 'content type application/json but a body that is not JSON', 'gateway'],
    ['200 application/x-protobuf with HTML', { status: 200, type: 'application/x-protobuf', body: '<html>proxy</html>' }, 'content type application/x-protobuf but a body that is not an OTLP protobuf response', 'proxy'],
    ['202 an empty text/html page', { status: 202, type: 'text/html', body: '' }, 'an empty text/html page', ''],
  ])('fails on %s, naming status, type and body (exit 1)', async (_what, backend, reason, body) => {
    answer = backend;
    const r = await exportTo();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('otlp-not-otlp-answer');
    expect(r.stderr).toContain(`answered HTTP ${backend.status} with ${reason}`);
    expect(r.stderr).toContain(body);
    expect(r.stderr).not.toMatch(/^Sent /m);
  });

  it.each([
    ['200 application/x-protobuf, empty (an ExportTraceServiceResponse with nothing set)', { status: 200, type: 'application/x-protobuf', body: '' }, 'http/protobuf'],
    ['200 application/x-protobuf, a partial success of 0', { status: 200, type: 'application/x-protobuf', body: Buffer.from([0x0a, 0x00]) }, 'http/protobuf'],
    ['200 application/json {}', { status: 200, type: 'application/json', body: '{}' }, 'http/json'],
    ['200 application/json; charset=utf-8 with partialSuccess', { status: 200, type: 'application/json; charset=utf-8', body: '{"partialSuccess":{}}' }, 'http/json'],
    ['200 with no content type and no body', { status: 200, type: null, body: '' }, 'http/protobuf'],
  ])('takes %s', async (_what, backend, protocol) => {
    answer = backend;
    const r = await exportTo(protocol);
    expect(r.stderr).toMatch(/^Sent \d+ spans of 1 run to /m);
    expect(r.code).toBe(0);
  });

  it('--follow keeps the spans: a non-OTLP answer is a failed batch, retried', async () => {
    answer = { status: 200, type: 'text/html', body: '<html>login</html>' };
    const before = requests;
    const stop = new AbortController();
    const running = run(['--all', '--data-dir', completed().dir, '--follow', '--endpoint', url], stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop.abort();
    const r = await running;
    expect(requests - before).toBeGreaterThanOrEqual(2);
    expect(r.stderr).toMatch(/# export failed \(attempt \d+\).*answered HTTP 200 with content type text\/html, not an OTLP answer/);
    expect(r.stderr).toMatch(/stopped with \d+ spans not accepted/);
    expect(r.stdout).not.toMatch(/exported through/);
    expect(r.code).toBe(1);
  });
});

describe('the app', () => {
  let core: InspectorCore;
  beforeAll(async () => {
    core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, sendTraces: appTraceSender({ timeoutMillis: 1500 }) });
    const opened = await core.openPath(EXAMPLES);
    if (!opened.ok) throw new Error(opened.error.message);
  });
  afterAll(() => core.close());

  it('answers the typed error for 200 text/html', async () => {
    answer = { status: 200, type: 'text/html', body: '<html><title>Proxy login</title></html>' };
    const sent = await core.handlers['otlp.send']({
      jobId: 'not-otlp',
      runs: [{ dataDir: completed().dir, runIds: [completed().runId] }],
      endpoint: url,
      protocol: 'http/protobuf',
      headers: [],
      content: false,
      semconv: 'latest',
      remember: false,
    });
    expect(sent).toMatchObject({ ok: false, error: { code: 'otlp-not-otlp-answer', detail: { httpStatus: 200, contentType: 'text/html' } } });
    if (!sent.ok) expect(sent.error.message).toContain('Proxy login');
  });
});
