/**
 * Issue 18's proof for redaction: the planted fake secrets of the redaction fixture (every rule,
 * in input, label, tags, tool args and results, a file name, model messages and responses,
 * outputs, an artifact's content, error messages) appear in no byte of any export format with
 * `--redact`, nor in PDF text (pdftotext), nor in OTLP requests (raw bytes and decoded with
 * OpenTelemetry's definitions); the redaction list counts every marker exactly; without
 * `--redact` they are there (so the check can fail).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_USER_RULES } from '../scripts/fixtures/scenarios/planted-secrets';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { chromiumPath } from '../src-main/export/pdf-playwright';
import type { RunReportDocument } from '../shared/report-export/report-document-types';
import { fixtureRun } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';
import { ALL_PLANTED, markersIn, plantedLeaks } from './support/planted-leaks';

const RUNS = {
  planted: () => fixtureRun('redaction: planted fake secrets of every rule'),
  artifact: () => fixtureRun('redaction: planted fake secrets at the top of'),
  failed: () => fixtureRun('redaction: planted fake secrets in tool, step and run error'),
};
type RunName = keyof typeof RUNS;
const RUN_NAMES = Object.keys(RUNS) as RunName[];

let out: string;
let rules: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'li-redaction-'));
  rules = join(out, 'rules.txt');
  writeFileSync(rules, PLANTED_USER_RULES);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('report exports with --redact', () => {
  it.each(RUN_NAMES)('%s: without --redact the secrets are in the export (the check can fail)', async (name) => {
    const run = RUNS[name]();
    const r = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(plantedLeaks(r.stdout).length).toBeGreaterThan(name === 'artifact' ? 20 : 25);
  });

  for (const name of RUN_NAMES) {
    for (const format of ['html', 'md', 'json'] as const) {
      it(`${name} as ${format}: no secret in any byte; the list counts every marker`, async () => {
        const run = RUNS[name]();
        const before = hashTree(run.dir);
        const file = join(out, `${name}.${format}`);
        const r = await cli('export', run.runId, '--format', format, '--data-dir', run.dir, '-o', file, '--redact', '--redact-rules', rules);
        expect(r.code, r.stderr).toBe(0);
        const text = readFileSync(file, 'utf8');
        expect(plantedLeaks(text)).toEqual([]);
        expect(plantedLeaks(r.stderr)).toEqual([]);
        if (format === 'md') expect(plantedLeaks(readFileSync(join(out, `${name}.timeline.svg`), 'utf8'))).toEqual([]);
        expect(text).toContain('[redacted: ');
        expect(hashTree(run.dir)).toEqual(before);
        if (format !== 'json') return;
        const doc = JSON.parse(text) as RunReportDocument;
        const { redactions, ...rest } = doc;
        const body = JSON.stringify(rest);
        const markers = markersIn(body);
        expect(new Map(redactions!.findings.map((f) => [f.rule, f.count]))).toEqual(markers);
        expect(redactions!.total).toBe([...markers.values()].reduce((a, b) => a + b, 0));
        // Every planted rule was found in this run (the failed run holds the text in its errors too).
        const expected = new Set(ALL_PLANTED.map((s) => s.rule).filter((rule) => name === 'planted' || rule !== 'secret-field'));
        expect([...expected].filter((rule) => !markers.has(rule))).toEqual([]);
      });
    }
  }

  it.each(['completed: planner prelude', 'resumed after tool-call-in-flight crash', 'demo resumed (tool call completed'])('%s: an ordinary run loses nothing (no rule fires, the document equals the unredacted one)', async (shows) => {
    const run = fixtureRun(shows);
    const plain = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir);
    const redacted = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--redact');
    expect(redacted.code, redacted.stderr).toBe(0);
    const { redactions, exportedAt: _a, ...rest } = JSON.parse(redacted.stdout) as RunReportDocument;
    const { redactions: none, exportedAt: _b, ...plainRest } = JSON.parse(plain.stdout) as RunReportDocument;
    expect(none).toBeNull();
    expect(redactions!.findings).toEqual([]);
    expect(rest).toEqual(plainRest);
  });

  it('says what it took out on stderr: rules and counts, never values', async () => {
    const run = RUNS.planted();
    const r = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--redact', '--redact-rules', rules);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^\d+ values redacted: .*openai-api-key.*customer-id/m);
    expect(r.stderr).toMatch(/^ {2}internal-host: \d+ in /m);
    expect(plantedLeaks(r.stderr)).toEqual([]);
  });

  it('refuses a bad rules file with its line, exit 1, before reading the run', async () => {
    const bad = join(out, 'bad-rules.txt');
    writeFileSync(bad, 'regex ok abc\nregex ahead x(?=y)\n');
    const run = RUNS.planted();
    const r = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--redact-rules', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--redact-rules .*bad-rules.txt: redaction rules: line 2: rule "ahead": look-arounds .* are not supported/);
  });
});

const hasPdf = existsSync(chromiumPath()) && spawnSync('pdftotext', ['-v']).error === undefined;
describe.skipIf(!hasPdf)(`PDF with --redact${hasPdf ? '' : ' (skipped: needs Chromium and pdftotext)'}`, () => {
  it.each(RUN_NAMES)('%s: the PDF text (pdftotext) holds markers and no secret', async (name) => {
    const run = RUNS[name]();
    const file = join(out, `${name}.pdf`);
    const r = await cli('export', run.runId, '--format', 'pdf', '--data-dir', run.dir, '-o', file, '--redact', '--redact-rules', rules);
    expect(r.code, r.stderr).toBe(0);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text.status).toBe(0);
    // Long tokens wrap across lines in a PDF: compare with all whitespace gone.
    const flat = text.stdout.replace(/\s+/g, '');
    expect(flat).toContain('[redacted:');
    expect(plantedLeaks(flat)).toEqual([]);
    expect(plantedLeaks(readFileSync(file, 'latin1'))).toEqual([]);
  });
});

describe('otlp --content --redact', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => void (receiver = await startOtlpReceiver()));
  afterAll(async () => receiver.close());

  const send = async (protocol: string, ...extra: string[]) => {
    const run = RUNS.planted();
    const before = receiver.requests.length;
    let stderr = '';
    const ids = RUN_NAMES.map((n) => RUNS[n]().runId);
    const code = await otlpCommand([...ids, '--data-dir', run.dir, '--endpoint', receiver.url, '--protocol', protocol, '--content', ...extra], { stdout: () => {}, stderr: (t) => void (stderr += t) }, { env: {} });
    return { code, stderr, requests: receiver.requests.slice(before) };
  };

  it('without --redact the contents carry the secrets (the check can fail)', async () => {
    const r = await send('http/json');
    expect(r.code, r.stderr).toBe(0);
    expect(plantedLeaks(JSON.stringify(r.requests.map((q) => q.spans))).length).toBeGreaterThan(25);
  });

  it.each(['http/protobuf', 'http/json'])('%s: no secret in the request bytes or the decoded spans; same span count', async (protocol) => {
    const plain = await send(protocol);
    const r = await send(protocol, '--redact', '--redact-rules', rules);
    expect(r.code, r.stderr).toBe(0);
    const spans = r.requests.flatMap((q) => q.spans);
    expect(spans.length).toBe(plain.requests.flatMap((q) => q.spans).length);
    expect(plantedLeaks(JSON.stringify(spans))).toEqual([]);
    for (const q of r.requests) expect(plantedLeaks(q.body.toString('latin1'))).toEqual([]);
    expect(JSON.stringify(spans)).toContain('[redacted: openai-api-key]');
    // Ids and structure are untouched.
    expect(spans.map((s) => `${s.traceId}/${s.spanId}/${s.parentSpanId ?? ''}`).sort()).toEqual(plain.requests.flatMap((q) => q.spans).map((s) => `${s.traceId}/${s.spanId}/${s.parentSpanId ?? ''}`).sort());
    // The list on stderr counts the markers the backend got, per rule.
    const markers = markersIn(JSON.stringify(spans));
    const listed = new Map([...r.stderr.matchAll(/^ {2}([a-z0-9._-]+): (\d+) in /gm)].map((m) => [m[1], Number(m[2])]));
    expect(listed).toEqual(markers);
  });
});
