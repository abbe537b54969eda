/**
 * Time of exporting one (large) run as a report, in a child process like the memory probe:
 * open the library, fold the run's detail (cold), then the HTML and the JSON export each
 * (detail cached: document building, bodies and rendering only), with the output sizes.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createInspectorCore } from '../../src-main/core/inspector-core';

/** Milliseconds and bytes of one export measurement. */
export type ExportTiming = {
  events: number;
  openMs: number;
  detailMs: number;
  htmlMs: number;
  htmlBytes: number;
  jsonMs: number;
  jsonBytes: number;
  /** open + detail + html: what `little-inspector export --format html` spends. */
  htmlTotalMs: number;
  jsonTotalMs: number;
};

const CHILD_PATH = fileURLToPath(new URL('./export-timing-child.ts', import.meta.url));

/** Measure in this process. `dataDir` is the run's `.little-workflow` dir. */
export async function measureExport(dataDir: string, runId: string): Promise<ExportTiming> {
  // No live observer (its poll would keep the child alive); closed on the way out.
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
  try {
    return await measureWith(core, dataDir, runId);
  } finally {
    core.close();
  }
}

async function measureWith(core: ReturnType<typeof createInspectorCore>, dataDir: string, runId: string): Promise<ExportTiming> {
  let t = performance.now();
  const opened = await core.openPath(dirname(dataDir));
  if (!opened.ok) throw new Error(opened.error.message);
  const openMs = performance.now() - t;
  const ref = { dataDir: opened.value.runs.find((r) => r.runId === runId)?.dataDir ?? dataDir, runId };
  t = performance.now();
  const detail = await core.runDetail(ref);
  if (!detail.ok) throw new Error(detail.error.message);
  const detailMs = performance.now() - t;
  const timeExport = async (format: 'html' | 'json') => {
    const start = performance.now();
    const result = await core.handlers['run.export']({ ...ref, format });
    if (!result.ok) throw new Error(result.error.message);
    return { ms: performance.now() - start, bytes: Buffer.byteLength(result.value.content) };
  };
  const html = await timeExport('html');
  const json = await timeExport('json');
  return {
    events: detail.value.state.eventCount,
    openMs,
    detailMs,
    htmlMs: html.ms,
    htmlBytes: html.bytes,
    jsonMs: json.ms,
    jsonBytes: json.bytes,
    htmlTotalMs: openMs + detailMs + html.ms,
    jsonTotalMs: openMs + detailMs + json.ms,
  };
}

/** Run {@link measureExport} in a fresh `node --import tsx` child and parse its JSON line. */
export function measureExportInChild(dataDir: string, runId: string): ExportTiming {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawnSync(process.execPath, ['--import', loader, CHILD_PATH, dataDir, runId], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (child.status !== 0) throw new Error(`export child exited ${child.status ?? child.signal}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as ExportTiming;
}
