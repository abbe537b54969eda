/**
 * `npm run bench -- --only=bundle`: the shared bundle of the large run: how long `export --format
 * bundle` takes (read, build, compress, write), how big the file and its blocks are, what the
 * default budget left out, and, when Chromium and the built viewer are there, how long the file
 * takes to show the run's overview from file:// with the network off; then the same with --redact.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { redactorFor } from '../../shared/redact/redaction-request';
import { createInspectorCore } from '../../src-main/core/inspector-core';

/** What the bundle benchmark measured. */
export type BundleTiming = {
  events: number;
  buildMs: number;
  fileBytes: number;
  modelBytes: number;
  omittedPayloads: number;
  omittedBytes: number;
  /** file:// until the overview's status line shows, in Chromium (null: not measured). */
  openMs: number | null;
  /** The same bundle with `--redact` (built-in rules over every embedded value): build + write time, file size, values redacted. */
  redacted: { buildMs: number; fileBytes: number; values: number };
};

/** Bundle run `runId` of `dataDir` and, when possible, open it in Chromium. */
export async function measureBundle(dataDir: string, runId: string, events: number, chromiumPath: string | null): Promise<BundleTiming> {
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
  const out = mkdtempSync(join(tmpdir(), 'little-inspector-bench-bundle-'));
  try {
    const opened = await core.openPath(dataDir);
    if (!opened.ok) throw new Error(opened.error.message);
    const start = performance.now();
    const built = await core.bundleRun({ dataDir, runId });
    if (!built.ok) throw new Error(built.error.message);
    const file = join(out, built.value.fileName);
    writeFileSync(file, built.value.content);
    const buildMs = performance.now() - start;
    const model = /id="li-bundle-model">([^<]*)</.exec(built.value.content)?.[1] ?? '';
    const { eventBodies } = built.value.omissions;
    const openMs = chromiumPath === null ? null : await openInChromium(file, chromiumPath);
    const redacted = await buildRedacted(core, dataDir, runId, join(out, `redacted-${built.value.fileName}`));
    return { events, buildMs, fileBytes: statSync(file).size, modelBytes: model.length, omittedPayloads: eventBodies.count, omittedBytes: eventBodies.bytes, openMs, redacted };
  } finally {
    core.close();
    rmSync(out, { recursive: true, force: true });
  }
}

async function buildRedacted(core: ReturnType<typeof createInspectorCore>, dataDir: string, runId: string, file: string): Promise<BundleTiming['redacted']> {
  const redactor = redactorFor({});
  if (!redactor.ok) throw new Error(redactor.error.message);
  const start = performance.now();
  const built = await core.bundleRun({ dataDir, runId, redactor: redactor.value });
  if (!built.ok) throw new Error(built.error.message);
  writeFileSync(file, built.value.content);
  return { buildMs: performance.now() - start, fileBytes: statSync(file).size, values: built.value.redaction?.total ?? 0 };
}

async function openInChromium(file: string, executablePath: string): Promise<number> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    await context.setOffline(true);
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(`file://${file}`);
    await page.locator('.ov-status').waitFor({ timeout: 120_000 });
    return performance.now() - start;
  } finally {
    await browser.close();
  }
}

/** The report's lines. */
export function formatBundleTiming(t: BundleTiming): string[] {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  return [
    `Shared bundle of the ${t.events.toLocaleString('en-US')}-event run (export --format bundle, default 50 MB budget)`,
    `  build + write ${t.buildMs.toFixed(0)} ms; file ${mb(t.fileBytes)} (model block ${mb(t.modelBytes)} base64)`,
    `  payloads left out by the budget: ${t.omittedPayloads.toLocaleString('en-US')} (${mb(t.omittedBytes)})`,
    t.openMs === null ? '  open in Chromium: not measured (no Chromium)' : `  open from file:// to the overview in Chromium (offline): ${t.openMs.toFixed(0)} ms`,
    `  with --redact (built-in rules over every embedded value): build + write ${t.redacted.buildMs.toFixed(0)} ms; file ${mb(t.redacted.fileBytes)}; ${t.redacted.values.toLocaleString('en-US')} values redacted`,
  ];
}
