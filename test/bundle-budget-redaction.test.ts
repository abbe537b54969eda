import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnostic, ok } from '../shared/diagnostics';
import { PLANTED_SECRETS, PLANTED_USER_RULES, PLANTED_USER_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import { buildBundleBlocks } from '../src-main/export/bundle/build-bundle';
import { bundleHtml, safeScript } from '../src-main/export/bundle/bundle-html';
import { redactorFor } from '../shared/redact/redaction-request';
import { bundleHandlers } from '../src-renderer/bundle/bundle-handlers';
import { omissionNotes } from '../src-renderer/views/bundle/bundle-banner';
import type { InspectorCore } from '../src-main/core/inspector-core';
import { pageHandlers as handlersOf, readBundlePage, type BundlePage } from './support/bundle-page';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { openedCore } from './support/opened-core';
import { writeSecretsRun } from './support/secrets-run';

const VIEWER = () => ok({ script: 'document.title = "</script><!-- \u0000 \r"', style: 'body{color:red}' });

const openCore = (path: string) => openedCore(path, { live: false, bundleViewer: VIEWER });

async function bundlePage(core: InspectorCore, request: Parameters<InspectorCore['bundleRun']>[0]): Promise<{ html: string; page: BundlePage }> {
  const built = await core.bundleRun(request);
  if (!built.ok) throw new Error(built.error.message);
  return { html: built.value.content, page: readBundlePage(built.value.content) };
}


describe('bundle size budget', () => {
  // 300,000 characters of step output in an artifact, and as the run's output in RunCompleted.
  const { dir, runId } = fixtureRun('large output: 300000-char text only in artifact');

  it('keeps every envelope and the whole model, leaves the largest payloads out and says so', async () => {
    const core = await openCore(EXAMPLES);
    try {
      const full = await bundlePage(core, { dataDir: dir, runId });
      const cut = await bundlePage(core, { dataDir: dir, runId, budgetBytes: 2_000 });
      const { omissions } = cut.page.model.info;
      expect(full.page.model.info.omissions.eventBodies.count).toBe(0);
      expect(omissions.budgetBytes).toBe(2_000);
      expect(omissions.keptBytes).toBeLessThanOrEqual(2_000);
      expect(omissions.eventBodies.count).toBeGreaterThan(0);
      expect(omissions.artifacts.count).toBe(1);
      expect(omissions.artifacts.bytes).toBeGreaterThan(300_000);
      // Every envelope is there; status, counts, costs and the crash boundary do not depend on the budget.
      expect(cut.page.rows.map(({ body: _b, ...row }) => row)).toEqual(full.page.rows.map(({ body: _b, ...row }) => row));
      const [fullHead, cutHead] = await Promise.all([full.page, cut.page].map((p) => handlersOf(p)['run.detail']({ dataDir: p.model.snapshot.root, runId })));
      expect(cutHead).toEqual(fullHead);
      // What was left out is exactly what the note counts, each at least as large as anything kept.
      const kept = cut.page.rows.filter((r) => r.body).map((r) => r.body!.length);
      const left = cut.page.rows.filter((r) => !r.body);
      expect(left.length).toBe(omissions.eventBodies.count);
      expect(Math.min(...left.map((r) => Buffer.byteLength(JSON.stringify(fullEvent(full.page, r.sequence)))))).toBeGreaterThanOrEqual(Math.max(0, ...kept));
      expect(kept.reduce((a, b) => a + b, 0)).toBe(cut.page.bodies.length);
      const handlers = handlersOf(cut.page);
      for (const row of left) {
        const event = await handlers['run.event']({ dataDir: cut.page.model.snapshot.root, runId, sequence: row.sequence });
        expect(event.ok && event.value.omittedBytes).toBeGreaterThan(0);
        expect(event.ok && event.value.event).toMatchObject({ sequence: row.sequence, type: row.type, eventId: row.eventId, payload: null });
      }
      const artifact = await handlers['run.artifact']({ dataDir: cut.page.model.snapshot.root, runId, ref: cut.page.model.artifacts[0]!.ref });
      expect(!artifact.ok && artifact.error.message).toMatch(/left out of this bundle by its size budget/);
    } finally {
      core.close();
    }
  });

  it('refuses a budget that is not a whole number of bytes', async () => {
    const core = await openCore(EXAMPLES);
    try {
      for (const budgetBytes of [-1, 1.5, Number.NaN]) {
        const built = await core.bundleRun({ dataDir: dir, runId, budgetBytes });
        expect(!built.ok && built.error.code).toBe('invalid-argument');
      }
    } finally {
      core.close();
    }
  });
});

function fullEvent(page: BundlePage, sequence: number): unknown {
  const row = page.rows.find((r) => r.sequence === sequence)!;
  return JSON.parse(new TextDecoder().decode(page.bodies.subarray(row.body!.offset, row.body!.offset + row.body!.length)));
}

describe('bundle redaction', () => {
  const root = mkdtempSync(join(tmpdir(), 'little-inspector-bundle-secrets-'));
  const dataDir = join(root, '.little-workflow');
  const runId = writeSecretsRun(dataDir);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const secrets = [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS];

  /** Every byte a reader of the file can get at: the HTML and each block decompressed. */
  const readable = ({ html, page }: { html: string; page: BundlePage }) => [html, ...Object.values(page.blocks).map((b) => b.toString('utf8'))].join('\n');
  /** The secret as it is written in JSON text, once and twice escaped (a multi-line key's newlines are `\n` there). */
  const holds = (text: string, secret: string) => [secret, JSON.stringify(secret).slice(1, -1), JSON.stringify(JSON.stringify(secret)).slice(3, -3)].some((form) => text.includes(form));

  it('without --redact the planted secrets are in the bundle (the check below can fail)', async () => {
    const core = await openCore(dataDir);
    try {
      const text = readable(await bundlePage(core, { dataDir, runId }));
      for (const { secret, rule } of secrets) expect(holds(text, secret), rule).toBe(true);
    } finally {
      core.close();
    }
  });

  it('takes every planted secret out of every byte, decompressed too, and lists rule, count and where', async () => {
    const core = await openCore(dataDir);
    try {
      const redactor = redactorFor({ userRules: PLANTED_USER_RULES });
      if (!redactor.ok) throw new Error(redactor.error.message);
      const built = await bundlePage(core, { dataDir, runId, redactor: redactor.value });
      const text = readable(built);
      for (const { secret, rule } of secrets) {
        expect(holds(text, secret), `${rule} leaked`).toBe(false);
        expect(text).toContain(`[redacted: ${rule}]`);
      }
      const redaction = built.page.model.info.redaction!;
      const byRule = new Map(redaction.findings.map((f) => [f.rule, f]));
      for (const { rule } of secrets) expect(byRule.get(rule)?.count, rule).toBeGreaterThan(0);
      expect(redaction.total).toBe(redaction.findings.reduce((n, f) => n + f.count, 0));
      const places = redaction.findings.flatMap((f) => f.where).join('\n');
      for (const place of ['payload', 'artifact', 'run model: steps']) expect(places).toContain(place);
      expect(redaction.rules.map((r) => r.name)).toEqual(expect.arrayContaining(['internal-host', 'customer-id', 'jwt']));
      // Counts and costs still come from the (redacted) model: the run still folds to the same status.
      const head = await handlersOf(built.page)['run.detail']({ dataDir: built.page.model.snapshot.root, runId });
      expect(head.ok && head.value.state.status).toBe('completed');
    } finally {
      core.close();
    }
  });
});

describe('bundle page', () => {
  it('allows its inline script and style by their hashes only, from default-src none', () => {
    const script = 'a("</script>"); b("<!--"); c("\u0000\r")';
    const html = bundleHtml('run <x>', { script, style: 'p{}' }, { model: Buffer.from('{}'), rows: Buffer.from('[]'), bodies: Buffer.alloc(0) });
    const page = readBundlePage(html);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(page.csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${hash(safeScript(script))}`,
      `style-src ${hash('p{}')}`,
      'img-src data:',
      'font-src data:',
      "connect-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(page.script).toBe(safeScript(script));
    expect(page.script).not.toMatch(/<\/script|<!--|\u0000|\r/i);
    expect(html).toContain('<title>run &#60;x&#62;</title>');
  });
});

/** What buildBundleBlocks needs for a fixture run, read through an opened core: its origin and its model. */
async function modelOf(core: InspectorCore, shows: string) {
  const { dir, runId } = fixtureRun(shows);
  const opened = await core.openPath(EXAMPLES);
  if (!opened.ok) throw new Error(opened.error.message);
  const summary = opened.value.runs.find((r) => r.dataDir === dir && r.runId === runId)!;
  const origin = { dir: opened.value.dataDirs.find((d) => d.path === dir)!, summary, snapshot: opened.value };
  const [detail, costs] = [await core.runDetail({ dataDir: dir, runId }), await core.handlers['run.costs']({ dataDir: dir, runId })];
  if (!detail.ok || !costs.ok) throw new Error('no model');
  return { dir, runId, origin, detail: detail.value, costs: costs.value };
}

describe('bundle of a log that stopped reading part way', () => {
  it('says which payloads could not be read, apart from the budget, and the event says why', async () => {
    const core = await openCore(EXAMPLES);
    try {
      const { origin, detail, costs } = await modelOf(core, 'completed: planner prelude');
      const row = (sequence: number) => ({ sequence, type: 'StepScheduled', recordedAt: '2026-12-01T00:00:00.000Z', eventId: `evt_${sequence}`, payloadChars: 2 });
      const stopped = diagnostic('sqlite-read-failed', 'database disk image is malformed (events.db)');
      const read = { detail, costs, reportText: null, rows: [row(1), row(2)], payloads: [{ sequence: 1, text: '{}' }], artifacts: [], readErrors: [stopped] };
      const blocks = buildBundleBlocks(read, origin, { budgetBytes: 10_000_000, notes: null, createdAt: '2026-12-01T00:00:00.000Z', inspectorVersion: 'test', redactor: null });
      expect(blocks.model.info.omissions.eventBodies.count).toBe(0);
      expect(blocks.rows.map((r) => r.unread ?? false)).toEqual([false, true]);
      expect(omissionNotes(blocks.model.info)).toEqual(['Some event payloads could not be read when this bundle was made: database disk image is malformed (events.db)']);
      const handlers = bundleHandlers(ok({ model: blocks.model, rows: blocks.rows, bodies: new Uint8Array(blocks.bodies) }));
      const ref = { dataDir: blocks.model.snapshot.root, runId: detail.ref.runId };
      expect(await handlers['run.event']({ ...ref, sequence: 1 })).toMatchObject({ ok: true, value: { event: { payload: {} } } });
      const unread = await handlers['run.event']({ ...ref, sequence: 2 });
      expect(!unread.ok && unread.error.message).toBe('The payload of event 2 could not be read from the log when this bundle was made.');
      // The events list shows the row like any other.
      const list = await handlers['run.slice']({ ...ref, spec: { section: 'events', from: 0, count: 10 } });
      expect(list.ok && list.value.items).toEqual([row(1), row(2)]);
    } finally {
      core.close();
    }
  });
});

describe('bundle of hostile payloads', () => {
  it('embeds a 10,000-level payload (undecodable at the door) as stored, redacted or not', async () => {
    const core = await openCore(EXAMPLES);
    try {
      const { origin, detail, costs } = await modelOf(core, 'completed: planner prelude');
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const row = { sequence: 1, type: 'RunStarted', recordedAt: '2026-12-01T00:00:00.000Z', eventId: 'evt_1', payloadChars: deep.length, undecodable: true };
      const read = { value: { detail, costs, reportText: null, rows: [row], payloads: [{ sequence: 1, text: deep }], artifacts: [], readErrors: [] } };
      const options = { budgetBytes: 10_000_000, notes: null, createdAt: '2026-12-01T00:00:00.000Z', inspectorVersion: 'test' };
      const plain = buildBundleBlocks(read.value, origin, { ...options, redactor: null });
      expect(plain.bodies.toString('utf8')).toContain(deep);
      const redactor = redactorFor({});
      if (!redactor.ok) throw new Error(redactor.error.message);
      expect(() => buildBundleBlocks(read.value, origin, { ...options, redactor: redactor.value })).not.toThrow();
    } finally {
      core.close();
    }
  });
});
