/**
 * OTLP export of one (large) run, in a child process like the export benchmark: read the log,
 * derive its spans (fold, harness view, crash boundary, mapping), then send them over loopback
 * with OpenTelemetry's exporters to a sink that drains each request and answers 200 (no
 * decoding, so the sink costs next to nothing), once per protocol. Spans/s end to end =
 * spans / (derive + send).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { DEFAULT_BATCH_SIZE, createOtlpSender } from '../../src-main/otlp/otlp-sender';
import type { OtlpProtocol } from '../../src-main/otlp/otlp-endpoint';
import { readRunSpanInput, spansOf } from '../../src-main/otlp/run-span-source';
import { createSourceRegistry } from '../../src-main/sources/registry';

/** One protocol's send. */
export type OtlpSend = { ms: number; cpuMs: number; requests: number; bytes: number; spansPerSec: number; endToEndSpansPerSec: number };

/** What the OTLP benchmark measured. */
export type OtlpExportTiming = { events: number; spans: number; readMs: number; deriveMs: number; deriveCpuMs: number; readRssMb: number; peakRssMb: number; protobuf: OtlpSend; json: OtlpSend };

/** CPU time (user + system) of this process since `from`, in ms: wall time on a shared machine mostly measures the neighbours. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

const CHILD_PATH = fileURLToPath(new URL('./otlp-export-child.ts', import.meta.url));

/** Measure in this process. */
export async function measureOtlpExport(dataDir: string, runId: string): Promise<OtlpExportTiming> {
  const sources = createSourceRegistry();
  let t = performance.now();
  // Read and folded in one pass (the collector); derive = the mapping from what it gathered.
  const collected = await readRunSpanInput(sources, dataDir, runId, BUNDLED_PRICE_TABLE, false);
  if (!collected.ok) throw new Error(collected.error.message);
  const readMs = performance.now() - t;
  const readRssMb = process.memoryUsage().rss / 1024 / 1024;
  t = performance.now();
  const deriveCpu = process.cpuUsage();
  const spans = spansOf(sources, { dataDir, runId }, collected.value, [], { content: false, semconv: '1.45' });
  const deriveMs = performance.now() - t;
  const deriveCpuMs = cpuSince(deriveCpu);
  const sink = { requests: 0, bytes: 0 };
  const server = createServer((req, res) => {
    sink.requests += 1;
    req.on('data', (c: Buffer) => void (sink.bytes += c.length));
    req.on('end', () => res.writeHead(200, { 'content-type': String(req.headers['content-type'] ?? 'application/x-protobuf') }).end(String(req.headers['content-type']).includes('json') ? '{}' : undefined));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
  const send = async (protocol: OtlpProtocol): Promise<OtlpSend> => {
    sink.requests = 0;
    sink.bytes = 0;
    const sender = createOtlpSender({ url, protocol, headers: {} });
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (let from = 0; from < spans.length; from += DEFAULT_BATCH_SIZE) {
      const sent = await sender.send(spans.slice(from, from + DEFAULT_BATCH_SIZE));
      if (!sent.ok) throw new Error(sent.error.message);
    }
    const ms = performance.now() - start;
    const cpuMs = cpuSince(cpu);
    await sender.shutdown();
    return { ms, cpuMs, requests: sink.requests, bytes: sink.bytes, spansPerSec: (spans.length / ms) * 1000, endToEndSpansPerSec: (spans.length / (readMs + deriveMs + ms)) * 1000 };
  };
  try {
    const protobuf = await send('http/protobuf');
    const json = await send('http/json');
    return { events: collected.value.count, spans: spans.length, readMs, deriveMs, deriveCpuMs, readRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024, protobuf, json };
  } finally {
    server.close();
    sources.dispose();
  }
}

/** Run {@link measureOtlpExport} in a fresh `node --import tsx` child and parse its JSON line. */
export function measureOtlpExportInChild(dataDir: string, runId: string): OtlpExportTiming {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawnSync(process.execPath, ['--import', loader, CHILD_PATH, dataDir, runId], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (child.status !== 0) throw new Error(`otlp child exited ${child.status ?? child.signal}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as OtlpExportTiming;
}

/** The report's lines. */
export function formatOtlpTiming(o: OtlpExportTiming): string[] {
  const line = (name: string, s: OtlpSend) =>
    `  ${name.padEnd(14)} send ${s.ms.toFixed(0)} ms, ${s.cpuMs.toFixed(0)} ms CPU (${s.requests} requests, ${(s.bytes / 1024 / 1024).toFixed(1)} MiB): ${Math.round(s.spansPerSec).toLocaleString('en-US')} spans/s; end to end ${Math.round(s.endToEndSpansPerSec).toLocaleString('en-US')} spans/s`;
  return [
    `OTLP export of the ${o.events.toLocaleString('en-US')}-event run (child process, loopback sink): ${o.spans.toLocaleString('en-US')} spans`,
    `  read + fold log ${o.readMs.toFixed(0)} ms (RSS then ${o.readRssMb.toFixed(0)} MB), derive spans ${o.deriveMs.toFixed(0)} ms (${o.deriveCpuMs.toFixed(0)} ms CPU), peak RSS ${o.peakRssMb.toFixed(0)} MB`,
    line('http/protobuf', o.protobuf),
    line('http/json', o.json),
  ];
}
