import { cpSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { loadLibrary } from '../src-main/library/load-library';
import { hashTree } from './support/store-test-fixtures';
import { makeRendererDir, type RendererFixture } from './support/web-support';
import { startWebServer } from '../src-main/web/web-server';
import { EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';

// Every operation the product has so far, run over a copy of all generated data dirs
// (clean, WAL with a killed writer, broken, nested harness worlds); nothing may change.
let root: string;
let renderer: RendererFixture;
let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  root = mkdtempSync(join(tmpdir(), 'li-readonly-'));
  cpSync(EXAMPLES, join(root, 'examples'), { recursive: true });
  renderer = await makeRendererDir();
});
afterAll(async () => {
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
  await renderer.cleanup();
});

async function everyOperation(top: string): Promise<number> {
  let operations = 0;
  const library = loadLibrary(top, BUNDLED_PRICE_TABLE);
  expect(library.ok).toBe(true);
  if (!library.ok) return 0;
  operations += 1;
  const dirs = new Set(library.value.runs.map((r) => r.dataDir));
  for (const dir of dirs) {
    await cli('runs', '--data-dir', dir, '--json');
    await cli('check', '--data-dir', dir);
    await cli('scan', '--data-dir', dir, '--json');
    await cli('fleet', '--data-dir', dir, '--json');
    operations += 4;
  }
  // Both GenAI conventions' modes of the OTLP export, contents included.
  for (const mode of ['1.45', 'latest']) {
    await cli('otlp', '--all', '--data-dir', top, '--endpoint', receiver.url, '--content', '--semconv', mode);
    operations += 1;
  }
  // The fleet over the whole root: the summary in every grouping, and the Parquet export (written outside the root).
  const exports = mkdtempSync(join(tmpdir(), 'li-readonly-out-'));
  try {
    for (const by of [[], ['--by', 'model'], ['--by', 'day']]) {
      expect((await cli('fleet', '--data-dir', top, '--json', ...by)).code).toBe(0);
      operations += 1;
    }
    for (const [i, redact] of [[], ['--redact']].entries()) {
      expect((await cli('export-fleet', '--format', 'parquet', '-o', join(exports, `fleet-${i}`), '--data-dir', top, ...redact)).code).toBe(0);
      operations += 1;
    }
    // The fleet index (in the cache folder): built, updated, searched and queried over the whole root.
    for (const argv of [['search', 'error', '--json'], ['search', '"step failed" type:StepFailed'], ['search', '京 OR 🚀', '--no-cache'], ['sql', 'SELECT count(*) FROM events'], ['sql', 'DELETE FROM runs']]) {
      await cli(...argv, '--data-dir', top);
      operations += 1;
    }
  } finally {
    rmSync(exports, { recursive: true, force: true });
  }
  for (const run of library.value.runs) {
    for (const argv of [['events'], ['replay'], ['report'], ['report', '--table'], ['check'], ['scan']]) {
      await cli(argv[0], run.runId, ...argv.slice(1), '--data-dir', run.dataDir);
      operations += 1;
    }
  }
  // The app's fleet index lives in its cache folder (fleet-search): built, followed and searched over HTTP.
  const cacheDir = mkdtempSync(join(tmpdir(), 'li-readonly-cache-'));
  const core = createInspectorCore({ mode: 'browser', initialPath: null, cacheDir });
  const server = await startWebServer({ core, rendererDir: renderer.rendererDir, port: 0 });
  try {
    for (const [channel, body] of [['library.open', { path: top }], ['library.current', {}], ['library.refresh', {}], ['fleet.indexStatus', {}]] as const) {
      const status = await post(server.port, server.token, channel, body);
      expect(status).toBe(200);
      operations += 1;
    }
    for (;;) {
      const status = await core.handlers['fleet.indexStatus']({});
      if (!status.ok || status.value.phase === 'ready' || status.value.phase === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (const query of ['error', '"step failed" type:StepFailed', '京 OR 🚀']) {
      expect(await post(server.port, server.token, 'fleet.search', { query })).toBe(200);
      operations += 1;
    }
    expect(readdirSync(join(cacheDir, 'fleet')).filter((name) => name.endsWith('.sqlite'))).toHaveLength(1);
    for (const run of library.value.runs) {
      const ref = { dataDir: run.dataDir, runId: run.runId };
      for (const [channel, body] of [
        ['run.detail', ref],
        ['run.slice', { ...ref, spec: { section: 'events', from: 0, count: 50 } }],
        ['run.slice', { ...ref, spec: { section: 'events', from: 0, count: 50, filter: { typePrefix: 'harness.' } } }],
        ['run.event', { ...ref, sequence: 1 }],
      ] as const) {
        expect(await post(server.port, server.token, channel, body)).toBe(200);
        operations += 1;
      }
    }
  } finally {
    await server.close();
    core.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return operations;
}

describe('the data dir stays byte-identical', () => {
  it('after every operation on every generated data dir', async () => {
    const top = join(root, 'examples');
    const before = hashTree(top);
    const operations = await everyOperation(top);
    expect(operations).toBeGreaterThan(500);
    expect(hashTree(top)).toEqual(before);
    // fleet.summary, fleet.tables and fleet.sql each read every run under examples/ (the SQL ones in a child that indexes it).
  }, 300_000);

  it('when a -wal is present but its -shm is missing (a copied folder)', async () => {
    const top = join(root, 'examples', 'fixtures', 'wal-killed');
    unlinkSync(join(top, '.little-workflow', 'events', 'events.db-shm'));
    const before = hashTree(top);
    expect(Object.keys(before).some((k) => k.endsWith('events.db-wal'))).toBe(true);
    await everyOperation(top);
    expect(hashTree(top)).toEqual(before);
  });
});

function post(port: number, token: string, channel: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/call/${channel}`, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
