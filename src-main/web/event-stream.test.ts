import { describe, expect, it } from 'vitest';
import { request, type IncomingMessage } from 'node:http';
import type { PushMessage } from '../../shared/contract';
import { type WebServer } from './web-server';
import { coalesce, encodeEvents } from './event-stream';
import { SECURITY_HEADERS } from './security-headers';
import { liveSummary } from '../../test/support/live-summary';
import { SNAPSHOT, serveFakeCore } from '../../test/support/web-support';

const changed = (root: string): PushMessage => ({ kind: 'library.changed', snapshot: { ...SNAPSHOT, root } });
const rootOf = (message: PushMessage): string => (message.kind === 'library.changed' ? message.snapshot.root : message.kind);
const delta = (runId: string, sequences: number[]): PushMessage => ({
  kind: 'run.delta',
  dataDir: '/d',
  runId,
  events: sequences.map((sequence) => ({ sequence, type: 'StepScheduled', recordedAt: '2026-01-01T00:00:00.000Z', eventId: `evt_${sequence}` })),
  skipped: 0,
  summary: { ...liveSummary, runId, lastSequence: sequences.at(-1) ?? 0 },
});

/** An open SSE connection that records everything it receives. */
type Stream = { response: IncomingMessage; text(): string; data(): PushMessage[]; close(): void };

function openStream(web: WebServer, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let received = '';
    const req = request(
      { host: '127.0.0.1', port: web.port, path: '/api/events', agent: false, headers: { Host: `127.0.0.1:${web.port}`, Authorization: `Bearer ${web.token}`, ...headers } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('error', () => undefined);
        resolve({
          response,
          text: () => received,
          data: () =>
            received
              .split('\n\n')
              .filter((block) => block.startsWith('data: '))
              .map((block) => JSON.parse(block.slice('data: '.length)) as PushMessage),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const served = serveFakeCore({ log: () => {}, events: { frameMs: 60, heartbeatMs: 40 } });

/** Open a stream, wait until the core has its listener, hand it to `use`, then close it. */
async function whileSubscribed(use: (stream: Stream) => Promise<void>): Promise<void> {
  const stream = await openStream(served.web);
  try {
    await expect.poll(() => served.core.listenerCount()).toBe(1);
    await use(stream);
  } finally {
    stream.close();
  }
}

describe('GET /api/events', () => {
  it('streams pushes as SSE data lines with the security headers', () =>
    whileSubscribed(async (stream) => {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers['cache-control']).toBe('no-store');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(stream.response.headers[name.toLowerCase()]).toBe(value);
      served.core.push(changed('/one'));
      await expect.poll(() => stream.data()).toEqual([changed('/one')]);
      expect(stream.text()).toMatch(/^: connected\n\n/);
    }));

  it('coalesces a burst: at most one message per frame, latest library.changed wins', () =>
    whileSubscribed(async (stream) => {
      served.core.push(changed('/a'));
      for (const root of ['/b', '/c', '/d']) served.core.push(changed(root));
      await expect.poll(() => stream.data().map(rootOf)).toEqual(['/a', '/d']);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(stream.data().map(rootOf)).toEqual(['/a', '/d']);
    }));

  it('concatenates live run deltas within a frame instead of dropping them', () =>
    whileSubscribed(async (stream) => {
      served.core.push(delta('run_a', [1]));
      for (let seq = 2; seq <= 40; seq += 1) served.core.push(delta(seq % 2 === 0 ? 'run_b' : 'run_a', [seq]));
      served.core.push(changed('/x'));
      const all = () => stream.data().filter((m) => m.kind === 'run.delta');
      const seqs = (runId: string) => all().flatMap((m) => (m.kind === 'run.delta' && m.runId === runId ? m.events.map((e) => e.sequence) : []));
      await expect.poll(() => seqs('run_b').length).toBe(20);
      expect(seqs('run_a')).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i + 1));
      expect(seqs('run_b')).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i + 2));
      // Far fewer messages than pushes: merged per frame.
      expect(all().length).toBeLessThan(10);
    }));

  it('sends comment heartbeats', () =>
    whileSubscribed(async (stream) => {
      await expect.poll(() => stream.text().includes(': heartbeat\n\n')).toBe(true);
      expect(stream.data()).toEqual([]);
    }));

  it('unsubscribes when the client disconnects, and stops delivering', async () => {
    await expect.poll(() => served.core.listenerCount()).toBe(0);
    const before = served.core.unsubscribeCount;
    const stream = await openStream(served.web);
    await expect.poll(() => served.core.listenerCount()).toBe(1);
    stream.close();
    await expect.poll(() => served.core.listenerCount()).toBe(0);
    expect(served.core.unsubscribeCount).toBe(before + 1);
    served.core.push(changed('/after'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.data()).toEqual([]);
  });

  it('keeps connections independent', async () => {
    const first = await openStream(served.web);
    const second = await openStream(served.web);
    try {
      await expect.poll(() => served.core.listenerCount()).toBe(2);
      first.close();
      await expect.poll(() => served.core.listenerCount()).toBe(1);
      served.core.push(changed('/second'));
      await expect.poll(() => second.data()).toEqual([changed('/second')]);
    } finally {
      second.close();
    }
  });

  it('needs the token and our Host like every route', async () => {
    const noToken = await openStream(served.web, { Authorization: '' });
    expect(noToken.response.statusCode).toBe(401);
    const foreign = await openStream(served.web, { Host: `evil.example:${served.web.port}` });
    expect(foreign.response.statusCode).toBe(403);
    expect(served.core.listenerCount()).toBe(0);
  });
});

describe('coalesce / encodeEvents', () => {
  it('keeps only the latest library.changed', () => {
    let pending: PushMessage[] = [];
    pending = coalesce(pending, changed('/1'));
    pending = coalesce(pending, changed('/2'));
    expect(pending).toEqual([changed('/2')]);
  });
  it('merges consecutive deltas of a run but never across its reset or end notice', () => {
    let pending: PushMessage[] = [];
    pending = coalesce(pending, delta('run_a', [1, 2]));
    pending = coalesce(pending, delta('run_b', [1]));
    pending = coalesce(pending, delta('run_a', [3]));
    const reset: PushMessage = { kind: 'run.reset', dataDir: '/d', runId: 'run_a', reason: 'rewritten', summary: liveSummary };
    pending = coalesce(pending, reset);
    pending = coalesce(pending, delta('run_a', [1]));
    expect(pending.map((m) => [m.kind, 'runId' in m ? m.runId : '', m.kind === 'run.delta' ? m.events.map((e) => e.sequence) : []])).toEqual([
      ['run.delta', 'run_a', [1, 2, 3]],
      ['run.delta', 'run_b', [1]],
      ['run.reset', 'run_a', []],
      ['run.delta', 'run_a', [1]],
    ]);
  });
  it('encodes one data line per message', () => {
    const text = encodeEvents([changed('/x')]);
    expect(text).toBe(`data: ${JSON.stringify(changed('/x'))}\n\n`);
    expect(text.trimEnd().includes('\n')).toBe(false);
  });
  it('skips a message JSON cannot encode instead of throwing', () => {
    const bad = { kind: 'library.changed', snapshot: { root: 1n } } as unknown as PushMessage;
    expect(encodeEvents([bad, changed('/ok')])).toBe(`data: ${JSON.stringify(changed('/ok'))}\n\n`);
  });
});
