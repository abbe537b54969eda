/**
 * `little-inspector otlp` as a command: usage errors and exit codes (README's table), a refused
 * or unreachable export as a clear error, headers and the environment reaching the wire, and
 * the data dir left byte-identical.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';

let receiver: OtlpReceiver;
let garbage: string;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  garbage = mkdtempSync(join(tmpdir(), 'li-otlp-'));
  mkdirSync(join(garbage, 'events'));
  writeFileSync(join(garbage, 'events', 'events.db'), 'not an sqlite file '.repeat(100));
});
afterAll(async () => {
  await receiver.close();
  rmSync(garbage, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await otlpCommand(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, { env, sender: { timeoutMillis: 1500 } });
  return { code, stdout, stderr };
}

describe('little-inspector otlp', () => {
  const completed = () => fixtureRun('completed: planner prelude');

  it('sends the named run and says how many spans went where', async () => {
    const before = receiver.requests.length;
    const r = await run([completed().runId, '--data-dir', completed().dir, '--endpoint', receiver.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${completed().runId}  \\d+ spans\\n$`));
    expect(r.stderr).toContain(`to ${receiver.url} (http/protobuf, GenAI conventions 1.45)`);
    const got = receiver.requests.slice(before);
    expect(got.every((q) => q.path === '/v1/traces' && q.contentType === 'application/x-protobuf')).toBe(true);
    expect(new Set(got.flatMap((q) => q.spans.map((s) => s.attributes['little.run.id'])))).toEqual(new Set([completed().runId]));
  });

  it('honours OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces), _PROTOCOL and _HEADERS, with --header on top', async () => {
    const before = receiver.requests.length;
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_HEADERS: 'x-team=generic,x-env=1' };
    const r = await run([completed().runId, '--data-dir', completed().dir, '--header', 'x-team=flag'], env);
    expect(r.code).toBe(0);
    const got = receiver.requests.slice(before);
    expect(got.length).toBeGreaterThan(0);
    expect(got[0]).toMatchObject({ path: '/v1/traces', contentType: 'application/json' });
    expect(got[0].headers).toMatchObject({ 'x-team': 'flag', 'x-env': '1' });
  });

  it('takes OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is over the generic endpoint, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL over the generic protocol, http/protobuf by default', async () => {
    const before = receiver.requests.length;
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${receiver.port}/custom/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
    };
    expect((await run([completed().runId, '--data-dir', completed().dir], env)).code).toBe(0);
    expect(receiver.requests.slice(before).map((q) => `${q.path} ${q.contentType}`)).toContain('/custom/traces application/json');
    const plain = receiver.requests.length;
    expect((await run([completed().runId, '--data-dir', completed().dir], { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${receiver.port}/v1/traces` })).code).toBe(0);
    expect(receiver.requests.slice(plain).every((q) => q.contentType === 'application/x-protobuf')).toBe(true);
  });

  it('reports a refused export (HTTP 401 with the backend body) as an error, exit 1', async () => {
    receiver.refuseWith(401, 'bad credentials');
    try {
      const r = await run([completed().runId, '--data-dir', completed().dir, '--endpoint', receiver.url]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/otlp-export-failed: The tracing backend at http:\/\/127\.0\.0\.1:\d+\/v1\/traces refused the export with HTTP 401.*bad credentials/);
    } finally {
      receiver.refuseWith(null);
    }
  });

  it('reports an unreachable backend as an error, exit 1', async () => {
    const r = await run([completed().runId, '--data-dir', completed().dir, '--endpoint', 'http://127.0.0.1:9/v1/traces']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/could not be reached/);
  });

  it.each([
    [[], /Usage: little-inspector otlp/],
    [['run_a', '--all'], /Usage: little-inspector otlp/],
    [['not-a-run'], /is not a little-workflow run id/],
    [['--all', '--protocol', 'grpc'], /gRPC is not offered/],
    [['--all', '--header'], /--header needs a value/],
    [['--all', '--redact-rules', '/nonexistent/rules.txt'], /--redact-rules \/nonexistent\/rules.txt: cannot read it \(ENOENT\)/],
  ])('usage error %j exits 1', async (argv, message) => {
    const r = await cli('otlp', ...argv);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
  });

  it('exits 1 for a run that is not there and 2 for a data dir it cannot read', async () => {
    const missing = await cli('otlp', 'run_nope', '--data-dir', completed().dir, '--endpoint', receiver.url);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/RunNotFoundError: Run not found: run_nope/);
    const unreadable = await cli('otlp', '--all', '--data-dir', garbage, '--endpoint', receiver.url);
    expect(unreadable.code).toBe(2);
    const absent = await cli('otlp', '--all', '--data-dir', join(EXAMPLES, 'no-such-dir'), '--endpoint', receiver.url);
    expect(absent.code).toBe(2);
  });
});
