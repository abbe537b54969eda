/**
 * Credentials never leave as text (issue 30, item 7): the endpoint's userinfo (`user:pw@host`,
 * sent as Basic auth), `--header` values, OTEL_EXPORTER_OTLP_HEADERS values and the app's header
 * values appear in no stdout, stderr, error message, push, answer or log line — on success, on a
 * refusal whose body echoes them, when the backend is unreachable, for a bad URL or header, and
 * in follow mode — while they still reach the backend as headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInspectorCore, type InspectorCore } from '../src-main/core/inspector-core';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { appTraceSender } from '../src-main/otlp/send-from-app';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';

const USER = 'li-user-7q';
const PASSWORD = 'pw-Zx81-secret';
const BEARER = 'tok-Yw44-bearer-secret';
const ENV_KEY = 'envkey-Qa19-secret';
const APP_SECRET = 'app-Lm02-header-secret';
const SECRETS = [USER, PASSWORD, encodeURIComponent(PASSWORD), BEARER, ENV_KEY, APP_SECRET, Buffer.from(`${USER}:${PASSWORD}`).toString('base64')];

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());
afterEach(() => receiver.refuseWith(null));

const withUserinfo = (url: string) => url.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

async function run(argv: string[], env: Record<string, string> = {}, signal?: AbortSignal) {
  let stdout = '';
  let stderr = '';
  const code = await otlpCommand(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, { env, signal, sender: { timeoutMillis: 1500 }, follow: { flushMs: 50 } });
  return { code, stdout, stderr, text: stdout + stderr };
}

describe('the CLI prints no credential', () => {
  const runArgs = () => [fixtureRun('completed: planner prelude').runId, '--data-dir', fixtureRun('completed: planner prelude').dir];

  it('on success: userinfo shown as ***, yet sent as Basic auth', async () => {
    const before = receiver.requests.length;
    const r = await run([...runArgs(), '--endpoint', withUserinfo(receiver.url)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`to http://***@127.0.0.1:${receiver.port}/v1/traces`);
    expect(leaks(r.text)).toEqual([]);
    expect(receiver.requests.slice(before).every((q) => q.headers.authorization === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`)).toBe(true);
  });

  it('on a refusal whose body echoes the credentials: masked in the message', async () => {
    receiver.refuseWith(401, `invalid credentials: user ${USER} password ${PASSWORD}, token Bearer ${BEARER}, key ${ENV_KEY}`);
    const r = await run([...runArgs(), '--endpoint', withUserinfo(receiver.url), '--header', `Authorization=Bearer%20${BEARER}`], { OTEL_EXPORTER_OTLP_HEADERS: `x-api-key=${ENV_KEY}` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('otlp-export-failed');
    expect(r.stderr).toContain('HTTP 401');
    expect(r.stderr).toContain('invalid credentials: user *** password ***, token ***, key ***');
    expect(leaks(r.text)).toEqual([]);
  });

  it('when the backend cannot be reached', async () => {
    const closed = await closedPort();
    const r = await run([...runArgs(), '--endpoint', withUserinfo(`http://127.0.0.1:${closed}/v1/traces`), '--header', `Authorization=Bearer ${BEARER}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`http://***@127.0.0.1:${closed}/v1/traces could not be reached`);
    expect(leaks(r.text)).toEqual([]);
  });

  it.each([
    ['a URL that is not http(s)', ['--endpoint', `ftp://${USER}:${PASSWORD}@example.com/x`]],
    ['a URL that does not parse', ['--endpoint', `http://${USER}:${PASSWORD}@exa mple.com:99999/`]],
    ['a header without =', ['--header', `Bearer${BEARER}`]],
    ['a header with a bad name', ['--header', `Bad Name=${BEARER}`]],
  ])('in the usage error for %s', async (_what, extra) => {
    const r = await run([...runArgs(), ...extra]).catch((error: Error) => ({ code: 1, text: error.message, stderr: error.message }));
    expect(r.code).toBe(1);
    expect(r.text.length).toBeGreaterThan(0);
    expect(leaks(r.text)).toEqual([]);
  });

  it('in follow mode (the start line, a failed batch, the stop line)', async () => {
    receiver.refuseWith(403, `denied for ${PASSWORD} / ${BEARER}`);
    const stop = new AbortController();
    const running = run(['--all', '--data-dir', fixtureRun('completed: planner prelude').dir, '--follow', '--endpoint', withUserinfo(receiver.url), '--header', `Authorization=Bearer ${BEARER}`], {}, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop.abort();
    const r = await running;
    expect(r.stderr).toContain(`sending to http://***@127.0.0.1:${receiver.port}/v1/traces`);
    expect(r.stderr).toContain('export failed');
    expect(leaks(r.text)).toEqual([]);
  });
});

describe('the app hands back no credential', () => {
  let core: InspectorCore;
  const logged: string[] = [];
  const seen: string[] = [];
  beforeAll(async () => {
    core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, sendTraces: appTraceSender({ timeoutMillis: 1500 }), logError: (m) => logged.push(m) });
    const opened = await core.openPath(EXAMPLES);
    if (!opened.ok) throw new Error(opened.error.message);
    core.subscribe((m) => seen.push(JSON.stringify(m)));
  });
  afterAll(() => core.close());

  const send = (jobId: string, endpoint: string) =>
    core.handlers['otlp.send']({
      jobId,
      runs: [{ dataDir: fixtureRun('completed: planner prelude').dir, runIds: [fixtureRun('completed: planner prelude').runId] }],
      endpoint,
      protocol: 'http/protobuf',
      headers: [{ name: 'X-Api-Key', secret: true, value: APP_SECRET }],
      content: false,
      semconv: '1.45',
      remember: false,
    });

  it('in the answer, the error, pushes, settings and logs', async () => {
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((level) => vi.spyOn(console, level));
    const ok = await send('cred-ok', withUserinfo(receiver.url));
    expect(ok).toMatchObject({ ok: true, value: { url: `http://***@127.0.0.1:${receiver.port}/v1/traces` } });
    receiver.refuseWith(401, `no such key ${APP_SECRET} for ${USER}:${PASSWORD}`);
    const refused = await send('cred-refused', withUserinfo(receiver.url));
    expect(refused).toMatchObject({ ok: false, error: { code: 'otlp-export-failed' } });
    const bad = await send('cred-bad', `ftp://${USER}:${PASSWORD}@example.com/`);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    const settings = await core.handlers['otlp.settings']({});
    const printed = spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
    spies.forEach((spy) => spy.mockRestore());
    for (const text of [JSON.stringify(ok), JSON.stringify(refused), JSON.stringify(bad), JSON.stringify(settings), ...seen, ...logged, ...printed]) expect(leaks(text), text.slice(0, 200)).toEqual([]);
    expect(JSON.stringify(refused)).toContain('no such key *** for ***');
  });

  it('keeps the userinfo as it keeps a secret header: the page sees ***, and sending the shown URL back uses the kept one', async () => {
    receiver.refuseWith(null);
    expect((await send('cred-keep', withUserinfo(receiver.url))).ok).toBe(true);
    const view = await core.handlers['otlp.settings']({});
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.settings.endpoint).toBe(`http://***@127.0.0.1:${receiver.port}/v1/traces`);
    const before = receiver.requests.length;
    expect(await send('cred-shown', view.value.settings.endpoint)).toMatchObject({ ok: true });
    const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    expect(receiver.requests.slice(before).map((q) => q.headers.authorization)).toEqual(receiver.requests.slice(before).map(() => basic));
    expect(receiver.requests.length).toBeGreaterThan(before);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

