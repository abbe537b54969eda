/**
 * Issue 18's redaction proof over every output at once: the redaction fixture's runs (planted fake
 * secrets of every rule in input, label, tags, tool args and results, model messages, outputs, an
 * artifact, errors) copied under folders whose names are secrets, with notes holding every secret
 * pinned to the run, a step and an event. Exported as HTML, Markdown (and its SVG), JSON, PDF,
 * bundle (its blocks decompressed) and OTLP: no planted secret in any byte; the list counts every
 * marker; without redaction the same outputs do hold them (so each check can fail).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_SECRETS, PLANTED_USER_RULES } from '../scripts/fixtures/scenarios/planted-secrets';
import { PLANTED_TEXT } from '../scripts/fixtures/scenarios/redaction';
import { ok } from '../shared/diagnostics';
import { redactorFor } from '../shared/redact/redaction-request';
import type { RunReportDocument } from '../shared/report-export/report-document-types';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { chromiumPath } from '../src-main/export/pdf-playwright';
import type { InspectorCore } from '../src-main/core/inspector-core';
import { readBundlePage } from './support/bundle-page';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { hashTree } from './support/hash-tree';
import { appStateIn, openedCore } from './support/opened-core';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { markersIn, plantedLeaks } from './support/planted-leaks';
import { cli } from './support/run-cli-captured';
import { scratchRoot } from './support/scratch';

const secretOf = (rule: string) => PLANTED_SECRETS.find((p) => p.rule === rule)!.secret;
const RUNS = {
  planted: fixtureRun('redaction: planted fake secrets of every rule').runId,
  artifact: fixtureRun('redaction: planted fake secrets at the top of').runId,
  failed: fixtureRun('redaction: planted fake secrets in tool, step and run error').runId,
};
type RunName = keyof typeof RUNS;
const RUN_NAMES = Object.keys(RUNS) as RunName[];
const FORMATS = ['html', 'md', 'json', ...(existsSync(chromiumPath()) && spawnSync('pdftotext', ['-v']).error === undefined ? (['pdf'] as const) : [])] as const;

const root = scratchRoot('li-redact-everywhere-');
// Folder names are file names too: the project folder is an email, the one inside it a token.
const dataDir = join(root, secretOf('email'), secretOf('github-token'), '.little-workflow');
const stateDir = join(root, 'state');
const rules = join(root, 'rules.txt');
const out = join(root, 'out');
mkdirSync(out, { recursive: true });
let core: InspectorCore;
let before: Record<string, string>;

beforeAll(async () => {
  cpSync(join(EXAMPLES, fixtureRun('redaction: planted fake secrets of every rule').dataDir), dataDir, { recursive: true });
  writeFileSync(rules, PLANTED_USER_RULES);
  core = await openedCore(dataDir, { live: false, state: appStateIn(stateDir), bundleViewer: () => ok({ script: 'void 0', style: '' }) });
  before = hashTree(dataDir);
  for (const runId of Object.values(RUNS)) {
    const ref = { dataDir, runId };
    const event = await core.handlers['run.event']({ ...ref, sequence: 2 });
    if (!event.ok || !event.value.event) throw new Error('no event 2');
    for (const target of [{ kind: 'run' as const }, { kind: 'step' as const, stepPath: 'fetch' }, { kind: 'event' as const, eventId: event.value.event.eventId, sequence: 2 }]) {
      const put = await core.handlers['notes.put']({ ...ref, target, text: `note: ${PLANTED_TEXT}` });
      if (!put.ok) throw new Error(put.error.message);
    }
  }
});
afterAll(() => {
  core.close();
  expect(hashTree(dataDir)).toEqual(before);
});

/** Every byte a reader of `file` can get at (a PDF: its raw bytes and its text with whitespace gone, as long tokens wrap). */
function readable(file: string, format: string): string {
  if (format !== 'pdf') return readFileSync(file, 'utf8');
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text.status).toBe(0);
  return `${readFileSync(file, 'latin1')}\n${text.stdout.replace(/\s+/g, '')}`;
}

describe('report exports of runs under secret folder names, with secret notes', () => {
  it('without --redact the notes and folder names carry the secrets (the checks below can fail)', async () => {
    const r = await cli('export', RUNS.planted, '--format', 'json', '--data-dir', dataDir, '--state-dir', stateDir);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as RunReportDocument;
    expect(plantedLeaks(JSON.stringify(doc.notes)).length).toBeGreaterThan(25);
    expect(r.stdout).toContain(secretOf('github-token'));
  });

  for (const name of RUN_NAMES) {
    it.each(FORMATS)(`${name} as %s: no secret in any byte; the notes are there, redacted`, async (format) => {
      const file = join(out, `${name}.${format}`);
      const r = await cli('export', RUNS[name], '--format', format, '--data-dir', dataDir, '--state-dir', stateDir, '-o', file, '--redact-rules', rules);
      expect(r.code, r.stderr).toBe(0);
      const text = readable(file, format);
      expect(plantedLeaks(text)).toEqual([]);
      expect(plantedLeaks(r.stderr)).toEqual([]);
      if (format === 'md') expect(plantedLeaks(readFileSync(join(out, `${name}.timeline.svg`), 'utf8'))).toEqual([]);
      if (format !== 'json') return;
      const { redactions, ...rest } = JSON.parse(text) as RunReportDocument;
      expect(rest.notes.map((n) => n.target.kind)).toEqual(['run', 'step', 'event']);
      expect(rest.notes.every((n) => n.text.includes('[redacted: pem-private-key]') && n.text.includes('[redacted: customer-id]'))).toBe(true);
      expect(new Map(redactions!.findings.map((f) => [f.rule, f.count]))).toEqual(markersIn(JSON.stringify(rest)));
      expect(redactions!.findings.find((f) => f.rule === 'github-token')!.where.join(' ')).toMatch(/notes/);
    });
  }
});

describe('bundles of runs under secret folder names, with secret notes', () => {
  const bundle = async (runId: string, redact: boolean) => {
    const redactor = redact ? redactorFor({ userRules: PLANTED_USER_RULES }) : ok(null);
    if (!redactor.ok) throw new Error(redactor.error.message);
    const built = await core.bundleRun({ dataDir, runId, redactor: redactor.value });
    if (!built.ok) throw new Error(built.error.message);
    return { html: built.value.content, page: readBundlePage(built.value.content) };
  };

  it('without redaction the bundle carries the notes and the folder name (the checks below can fail)', async () => {
    const { page } = await bundle(RUNS.planted, false);
    expect(plantedLeaks(JSON.stringify(page.model.info.notes)).length).toBeGreaterThan(25);
    expect(page.model.snapshot.root).toBe(`${secretOf('github-token')}/.little-workflow`);
  });

  it('export --format bundle refuses a bad rules file with its line, exit 1, before reading the run; nothing is written', async () => {
    const bad = join(root, 'bad-rules.txt');
    writeFileSync(bad, 'regex ok abc\nregex ahead x(?=y)\n');
    const file = join(out, 'refused.html');
    const r = await cli('export', RUNS.planted, '--format', 'bundle', '-o', file, '--data-dir', dataDir, '--redact-rules', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2: rule "ahead": look-arounds .* are not supported/);
    expect(existsSync(file)).toBe(false);
  });

  it.each(RUN_NAMES)('%s: no secret in any byte of the file or its decompressed blocks; the list counts every marker', async (name) => {
    const { html, page } = await bundle(RUNS[name], true);
    const { redaction, ...info } = page.model.info;
    const blocks = [JSON.stringify({ ...page.model, info }), page.blocks.rows.toString('utf8'), page.blocks.bodies.toString('utf8')].join('\n');
    expect(plantedLeaks(html)).toEqual([]);
    expect(plantedLeaks(blocks)).toEqual([]);
    expect(plantedLeaks(JSON.stringify(redaction))).toEqual([]);
    // The data dir is known by its (redacted) last two folder names; no other part of the sender's path travels.
    expect(page.model.snapshot.root).toBe('[redacted: github-token]/.little-workflow');
    expect(blocks).not.toContain(root);
    expect(info.notes!.map((n) => n.target.kind)).toEqual(['run', 'step', 'event']);
    expect(new Map(redaction!.findings.map((f) => [f.rule, f.count]))).toEqual(markersIn(blocks));
    const where = redaction!.findings.flatMap((f) => f.where).join('\n');
    for (const place of ['notes', 'data dir', 'run summary', 'payload', 'run model']) expect(where, place).toContain(place);
  });
});

describe('the preview before saving (run.redactionPreview)', () => {
  it.each(RUN_NAMES)('%s: lists exactly what the JSON report and the bundle then take out, each its own', async (name) => {
    const ref = { dataDir, runId: RUNS[name] };
    const redact = { userRules: PLANTED_USER_RULES };
    const forReport = await core.handlers['run.redactionPreview']({ ...ref, redact });
    const exported = await core.handlers['run.export']({ ...ref, format: 'json', redact });
    if (!forReport.ok || !exported.ok) throw new Error('no report preview');
    expect(forReport.value).toEqual((JSON.parse(exported.value.content) as RunReportDocument).redactions);
    const forBundle = await core.handlers['run.redactionPreview']({ ...ref, redact, for: 'bundle' });
    const bundled = await core.handlers['run.bundle']({ ...ref, redact });
    if (!forBundle.ok || !bundled.ok) throw new Error('no bundle preview');
    expect(forBundle.value).toEqual(bundled.value.redaction);
    // A bundle embeds every payload besides the model: more than the report holds.
    expect(forBundle.value.total).toBeGreaterThan(forReport.value.total);
    expect(plantedLeaks(JSON.stringify([forReport.value, forBundle.value]))).toEqual([]);
  });

  it('says which line of a bad rules file is wrong, for either preview', async () => {
    for (const target of ['report', 'bundle'] as const) {
      const r = await core.handlers['run.redactionPreview']({ dataDir, runId: RUNS.planted, redact: { userRules: 'regex ok abc\njson-path bad $.a[?(@.b)]' }, for: target });
      expect(r.ok ? 'ok' : r.error.message).toMatch(/^redaction rules: line 2: JSON path "\$\.a\[\?/);
    }
  });
});

describe('OTLP of runs under secret folder names', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => void (receiver = await startOtlpReceiver()));
  afterAll(async () => receiver.close());

  it.each(['http/protobuf', 'http/json'])('%s with --content --redact: no secret in the request bytes or the decoded spans', async (protocol) => {
    const from = receiver.requests.length;
    let stderr = '';
    const code = await otlpCommand([...Object.values(RUNS), '--data-dir', dataDir, '--endpoint', receiver.url, '--protocol', protocol, '--content', '--redact-rules', rules], { stdout: () => {}, stderr: (t) => void (stderr += t) }, { env: {} });
    expect(code, stderr).toBe(0);
    const requests = receiver.requests.slice(from);
    expect(requests.length).toBeGreaterThan(0);
    expect(plantedLeaks(JSON.stringify(requests.map((q) => q.spans)))).toEqual([]);
    for (const q of requests) expect(plantedLeaks(q.body.toString('latin1'))).toEqual([]);
    expect(plantedLeaks(stderr)).toEqual([]);
  });
});
