/**
 * "Send to tracing backend…" through the contract (`otlp.send`, `otlp.cancel`, `otlp.settings`)
 * against the loopback receiver that decodes with OpenTelemetry's own definitions: both
 * protocols send exactly the spans the CLI's mapping derives, progress is pushed per batch, a
 * refusing backend (401, 500) and an unreachable one give a clear error, Cancel stops a send
 * whose backend never answers, and secret header values never reach a page, a push or a log.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '../shared/contract';
import type { OtlpProgress } from '../shared/otlp/otlp-app-types';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { createInspectorCore, type InspectorCore } from '../src-main/core/inspector-core';
import { readRunSpanInput, spansOf } from '../src-main/otlp/run-span-source';
import { appTraceSender } from '../src-main/otlp/send-from-app';
import { createSourceRegistry } from '../src-main/sources/registry';
import { exportFixture } from './support/export-fixtures';
import { EXAMPLES } from './support/fixture-manifest';
import { appStateIn } from './support/opened-core';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { tempRoot } from './support/store-test-fixtures';

const SECRET = 'Basic c2VjcmV0LXRva2VuLTQy';
const runs = [exportFixture('crashed'), exportFixture('completed')];
let receiver: OtlpReceiver;
let core: InspectorCore;
let pushes: OtlpProgress[];
const logged: string[] = [];
let expected: Map<string, number>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  core = createInspectorCore({
    mode: 'browser',
    initialPath: null,
    live: false,
    state: appStateIn(tempRoot('li-otlp-app-')),
    sendTraces: appTraceSender({ timeoutMillis: 1500 }),
    logError: (message) => logged.push(message),
  });
  const opened = await core.openPath(EXAMPLES);
  if (!opened.ok) throw new Error(opened.error.message);
  core.subscribe((message: PushMessage) => {
    if (message.kind === 'otlp.progress') pushes.push(message.progress);
  });
  // The truth: what the CLI's mapping derives for each run.
  const sources = createSourceRegistry();
  expected = new Map();
  for (const run of runs) {
    const summary = opened.value.runs.find((r) => r.runId === run.runId && r.dataDir === run.dir)!;
    const collected = await readRunSpanInput(sources, run.dir, run.runId, BUNDLED_PRICE_TABLE, false);
    if (!collected.ok) throw new Error(collected.error.message);
    for (const span of spansOf(sources, summary, collected.value, opened.value.runs, { content: false, semconv: '1.45' })) expected.set(span.spanId, 1);
  }
  sources.dispose();
});
afterAll(async () => {
  core.close();
  await receiver.close();
});
afterEach(() => receiver.refuseWith(null));

const request = (jobId: string, extra: Partial<Parameters<InspectorCore['handlers']['otlp.send']>[0]> = {}) => ({
  jobId,
  runs: runs.map((r) => ({ dataDir: r.dir, runIds: [r.runId] })),
  endpoint: receiver.url,
  protocol: 'http/protobuf' as const,
  headers: [
    { name: 'Authorization', secret: true, value: SECRET },
    { name: 'X-Scope-OrgID', secret: false, value: 'team-a' },
  ],
  content: false,
  semconv: '1.45' as const,
  remember: false,
  ...extra,
});

describe.each(['http/protobuf', 'http/json'] as const)('otlp.send over %s', (protocol) => {
  it('sends exactly the spans the mapping derives, with the headers, and pushes progress per batch', async () => {
    pushes = [];
    const before = receiver.requests.length;
    const sent = await core.handlers['otlp.send'](request(`job-${protocol.replace('/', '-')}`, { protocol }));
    if (!sent.ok) throw new Error(sent.error.message);
    expect(sent.value).toEqual({ url: receiver.url, protocol, runs: 2, spans: expected.size });
    const got = receiver.requests.slice(before);
    expect(got.every((r) => (protocol === 'http/json' ? r.contentType.includes('json') : r.contentType.includes('protobuf')))).toBe(true);
    expect(new Set(got.flatMap((r) => r.spans.map((s) => s.spanId)))).toEqual(new Set(expected.keys()));
    expect(got.flatMap((r) => r.spans)).toHaveLength(expected.size);
    expect(got.every((r) => r.headers.authorization === SECRET && r.headers['x-scope-orgid'] === 'team-a')).toBe(true);
    // Content is off: no message bodies.
    expect(got.flatMap((r) => r.spans).some((s) => 'gen_ai.input.messages' in s.attributes)).toBe(false);
    expect(pushes[0]).toMatchObject({ phase: 'sending', spansSent: 0, runsTotal: 2 });
    const sentCounts = pushes.map((p) => p.spansSent);
    expect(sentCounts).toEqual([...sentCounts].sort((a, b) => a - b));
    expect(pushes.at(-1)).toMatchObject({ phase: 'done', runsDone: 2, spansSent: expected.size });
    expect(pushes.filter((p) => p.phase === 'sending').length).toBeGreaterThanOrEqual(3);
  });
});

describe('settings and secrets', () => {
  it('uses the kept secret when a page sends it back as null, and never hands it out', async () => {
    const before = receiver.requests.length;
    const view = await core.handlers['otlp.settings']({});
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.settings.headers).toEqual([
      { name: 'Authorization', secret: true, value: null },
      { name: 'X-Scope-OrgID', secret: false, value: 'team-a' },
    ]);
    expect(view.value.settings.remembered).toBe(false);
    const sent = await core.handlers['otlp.send'](request('job-kept', { headers: view.value.settings.headers, runs: [{ dataDir: runs[1].dir, runIds: [runs[1].runId] }] }));
    expect(sent.ok).toBe(true);
    expect(receiver.requests.slice(before).every((r) => r.headers.authorization === SECRET)).toBe(true);
  });
});

describe('a backend that refuses or is not there', () => {
  it.each([
    [401, 'invalid credentials for tenant'],
    [500, 'internal: disk full'],
  ])('HTTP %i: a clear error with the status and the body, and a failed push', async (status, body) => {
    pushes = [];
    receiver.refuseWith(status, body);
    const sent = await core.handlers['otlp.send'](request(`job-${status}`));
    expect(sent).toMatchObject({ ok: false, error: { code: 'otlp-export-failed', detail: { httpStatus: status } } });
    expect(!sent.ok && sent.error.message).toContain(`refused the export with HTTP ${status}`);
    expect(!sent.ok && sent.error.message).toContain(body);
    expect(pushes.at(-1)).toMatchObject({ phase: 'failed', spansSent: 0 });
  });

  it('unreachable: says it could not be reached', async () => {
    const sent = await core.handlers['otlp.send'](request('job-down', { endpoint: 'http://127.0.0.1:1/v1/traces' }));
    expect(sent).toMatchObject({ ok: false, error: { code: 'otlp-export-failed' } });
    expect(!sent.ok && sent.error.message).toContain('could not be reached');
  });

  it('refuses runs that are not in the opened library and bad header names before sending anything', async () => {
    const before = receiver.requests.length;
    expect(await core.handlers['otlp.send'](request('job-x', { runs: [{ dataDir: runs[0].dir, runIds: ['run_nope'] }] }))).toMatchObject({ ok: false, error: { code: 'run-not-found' } });
    expect(await core.handlers['otlp.send'](request('job-y', { headers: [{ name: 'Bad Name', secret: false, value: 'x' }] }))).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(receiver.requests.length).toBe(before);
  });
});

describe('cancel', () => {
  let silent: Server;
  beforeAll(async () => {
    // A backend that takes requests and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  });
  afterAll(() => new Promise<void>((done) => {
    silent.closeAllConnections();
    silent.close(() => done());
  }));

  it('stops a send whose request is out, answering cancelled (the exporter timeout is far longer)', async () => {
    pushes = [];
    const slow = createInspectorCore({ mode: 'browser', initialPath: null, live: false, sendTraces: appTraceSender({ timeoutMillis: 60_000 }) });
    try {
      await slow.openPath(EXAMPLES);
      const port = (silent.address() as AddressInfo).port;
      const phases: string[] = [];
      slow.subscribe((m) => void (m.kind === 'otlp.progress' && phases.push(m.progress.phase)));
      const sending = slow.handlers['otlp.send'](request('job-cancel', { endpoint: `http://127.0.0.1:${port}/v1/traces` }));
      await vi.waitFor(() => expect(phases).toContain('sending'));
      expect(await slow.handlers['otlp.cancel']({ jobId: 'job-cancel' })).toEqual({ ok: true, value: true });
      expect(await sending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(phases.at(-1)).toBe('cancelled');
      expect(await slow.handlers['otlp.cancel']({ jobId: 'job-cancel' })).toEqual({ ok: true, value: false });
    } finally {
      slow.close();
    }
  });
});

describe('secrets stay out of logs and pushes', () => {
  it('no log line, push or settings answer carries the secret value', async () => {
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((level) => vi.spyOn(console, level));
    const seen: string[] = [];
    const off = core.subscribe((m) => seen.push(JSON.stringify(m)));
    receiver.refuseWith(401, 'nope');
    await core.handlers['otlp.send'](request('job-log'));
    receiver.refuseWith(null);
    await core.handlers['otlp.send'](request('job-log-2', { endpoint: 'not a url' }));
    off();
    const printed = spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
    spies.forEach((spy) => spy.mockRestore());
    const settings = JSON.stringify(await core.handlers['otlp.settings']({}));
    for (const text of [...printed, ...logged, ...seen, settings]) expect(text).not.toContain('c2VjcmV0');
  });
});
