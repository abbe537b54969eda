/**
 * "Send to tracing backend…" with **Redact secrets** (`otlp.send` with `redact: true`): the
 * redaction fixture's planted fake secrets, sent with message contents, reach the loopback
 * receiver in neither the request bytes nor the decoded spans, and the answer says how many
 * values each rule took out; the same send unredacted carries them (the check can fail).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import type { InspectorCore } from '../src-main/core/inspector-core';
import { appTraceSender } from '../src-main/otlp/send-from-app';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { appStateIn, openedCore } from './support/opened-core';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { tempRoot } from './support/store-test-fixtures';

const planted = fixtureRun('redaction: planted fake secrets of every rule');
let receiver: OtlpReceiver;
let core: InspectorCore;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  core = await openedCore(join(EXAMPLES, planted.dataDir), { live: false, state: appStateIn(tempRoot('li-otlp-redact-')), sendTraces: appTraceSender({ timeoutMillis: 1500 }) });
});
afterAll(async () => {
  core.close();
  await receiver.close();
});

const leaked = (text: string) => PLANTED_SECRETS.filter((p) => text.includes(p.secret.slice(0, 16))).map((p) => p.rule);

describe('otlp.send with redact', () => {
  const send = async (jobId: string, redact: boolean) => {
    const before = receiver.requests.length;
    const answer = await core.handlers['otlp.send']({
      jobId,
      runs: [{ dataDir: planted.dir, runIds: [planted.runId] }],
      endpoint: receiver.url,
      protocol: 'http/json',
      headers: [],
      content: true,
      semconv: '1.45',
      remember: false,
      redact,
    });
    return { answer, requests: receiver.requests.slice(before) };
  };

  it('unredacted, the contents carry the planted secrets', async () => {
    const { answer, requests } = await send('plain', false);
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(answer.value.redacted).toBeUndefined();
    expect(leaked(JSON.stringify(requests.map((q) => q.spans))).length).toBeGreaterThan(20);
  });

  it('redacted, no secret reaches the backend and the answer counts per rule', async () => {
    const { answer, requests } = await send('redacted', true);
    expect(answer.ok, answer.ok ? '' : answer.error.message).toBe(true);
    if (!answer.ok) return;
    for (const q of requests) expect(leaked(q.body.toString('latin1'))).toEqual([]);
    const spans = JSON.stringify(requests.map((q) => q.spans));
    expect(leaked(spans)).toEqual([]);
    const markers = [...spans.matchAll(/\[redacted: ([a-z0-9._-]+)\]/g)].length;
    expect(answer.value.redacted!.total).toBe(markers);
    expect(answer.value.redacted!.rules.map((r) => r.rule)).toContain('openai-api-key');
  });
});
