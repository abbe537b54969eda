/** The connect probe names a dead tracing endpoint by its cause instead of the exporter's retries. */
import { createServer, Socket, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probeConnect } from './otlp-connect-probe';

/** A port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('probeConnect', () => {
  it('a refused endpoint: a typed diagnostic with the errno, the userinfo hidden', async () => {
    const port = await closedPort();
    const probe = await probeConnect(`http://user:pw@127.0.0.1:${port}/v1/traces`);
    expect(probe).toMatchObject({ ok: false, error: { code: 'otlp-export-failed', detail: { code: 'ECONNREFUSED' } } });
    expect(!probe.ok && probe.error.message).toContain(`http://***@127.0.0.1:${port}/v1/traces could not be reached: ECONNREFUSED`);
    expect(!probe.ok && probe.error.message).not.toContain('pw');
  });

  it('a listening endpoint: ok, and nothing is sent to it', async () => {
    const received: Buffer[] = [];
    const server = createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await probeConnect(`http://127.0.0.1:${port}/v1/traces`)).toEqual({ ok: true, value: undefined });
    await new Promise((resolve) => server.close(resolve));
    expect(received).toEqual([]);
  });

  it('an endpoint that never answers the connect: named after the connect timeout, not the export timeout', async () => {
    // A socket that never connects: no real address is silent on every network (on one test
    // machine something answered for 10.255.255.1 within a millisecond).
    const probe = await probeConnect('http://10.255.255.1:4318/v1/traces', 1, () => new Socket());
    expect(probe).toMatchObject({ ok: false, error: { code: 'otlp-export-failed' } });
    expect(!probe.ok && probe.error.message).toMatch(/could not be reached: (no connection within 0.001 s|E[A-Z]+)/);
  });
});
