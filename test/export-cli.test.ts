import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashTree } from './support/store-test-fixtures';
import { cli } from './support/run-cli-captured';
import { EXPORT_FIXTURES, exportFixture, type ExportFixtureName } from './support/export-fixtures';
import { validateJson } from './support/json-schema-subset';

// `little-inspector export` on the crashed, resumed, failed and completed fixtures: every text
// format, the JSON against docs/report-schema.json, and the data dirs untouched.
const schema = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'report-schema.json'), 'utf8'));
const names = Object.keys(EXPORT_FIXTURES) as ExportFixtureName[];
let out: string;
const before = new Map<string, Record<string, string>>();

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'li-export-'));
  for (const name of names) before.set(exportFixture(name).dir, hashTree(exportFixture(name).dir));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.each(names)('export of the %s fixture', (name) => {
  const run = exportFixture(name);
  const exportTo = (format: string, file: string, ...extra: string[]) => cli('export', run.runId, '--format', format, '--data-dir', run.dir, '-o', join(out, file), ...extra);

  it('JSON validates against the schema and carries `little report` exactly', async () => {
    const result = await exportTo('json', `${name}.json`);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8'));
    expect(validateJson(doc, schema)).toEqual([]);
    expect(doc.format).toBe('little-inspector/run-report@1');
    const report = await cli('report', run.runId, '--data-dir', run.dir);
    expect(JSON.stringify(doc.report)).toBe(report.stdout.trimEnd());
    const table = await cli('report', run.runId, '--data-dir', run.dir, '--table');
    expect(doc.cost.table).toBe(table.stdout);
    expect(doc.run.runId).toBe(run.runId);
    expect(doc.timeline.rows.length).toBeGreaterThan(0);
    // The resume audit (shared/compare) is there exactly for the resumed run, and finds it consistent.
    if (name === 'resumed') expect(doc.audit).toMatchObject({ ok: true, violations: 0 });
    else expect(doc.audit).toBeNull();
  });

  it('HTML is one self-contained file: no script, nothing to fetch, its own CSP', async () => {
    const result = await exportTo('html', `${name}.html`);
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(join(out, `${name}.html`), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\s(src|href|srcset|action|xlink:href)\s*=/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;`);
    expect(html).toContain('@media print');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="timeline"');
    expect(html).toContain('<details class="step"');
    expect(html).toContain(run.runId);
  });

  it('Markdown has the report table and links the timeline SVG written next to it', async () => {
    const result = await exportTo('md', `${name}.md`);
    expect(result.code, result.stderr).toBe(0);
    const md = readFileSync(join(out, `${name}.md`), 'utf8');
    expect(md).toContain('## Cost and tokens');
    expect(md).toContain(`![Step timeline](${name}.timeline.svg)`);
    expect(md).not.toMatch(/<script|<img/i);
    const svg = readFileSync(join(out, `${name}.timeline.svg`), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|href=/i);
  });
});

describe('export command', () => {
  const run = exportFixture('resumed');

  it('writes text formats to stdout without -o', async () => {
    const result = await cli('export', run.runId, '--format', 'md', '--data-dir', run.dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# Run report/);
    expect(result.stdout).toContain('left out of Markdown written to stdout');
  });

  it('refuses to write inside the data dir, and writes nothing', async () => {
    const target = join(run.dir, 'report.html');
    const result = await cli('export', run.runId, '--format', 'html', '--data-dir', run.dir, '-o', target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('never writes there');
    expect(existsSync(target)).toBe(false);
  });

  it.each([
    [['--format', 'docx'], '--format must be one of html, md, json, pdf'],
    [['--format', 'html', '--max-text', '0'], '--max-text must be a whole number'],
    [['--format', 'pdf'], 'a PDF needs -o <file>'],
  ])('usage errors exit 1: %j', async (extra, message) => {
    const result = await cli('export', run.runId, '--data-dir', run.dir, ...extra);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('an unknown run exits 1 with RunNotFoundError; an unreadable data dir exits 2', async () => {
    const missing = await cli('export', 'run_00000000-0000-4000-8000-000000000000', '--format', 'json', '--data-dir', run.dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^RunNotFoundError: /);
    const noDir = await cli('export', run.runId, '--format', 'json', '--data-dir', join(out, 'nope'));
    expect(noDir.code).toBe(2);
  });

  it('--max-text caps every text', async () => {
    const result = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--max-text', '20');
    const doc = JSON.parse(result.stdout);
    expect(doc.maxText).toBe(20);
    const texts = [doc.run.output, ...doc.steps.map((s: { output: unknown }) => s.output), ...doc.harness.toolCalls.flatMap((c: { args: unknown; result: unknown }) => [c.args, c.result])].filter(Boolean);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t.text.length).toBeLessThanOrEqual(20);
    expect(texts.some((t: { truncated: boolean }) => t.truncated)).toBe(true);
  });

  it('without Chromium a PDF export says so in one sentence and exits 2', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = join(out, 'no-chromium-here');
    try {
      const result = await cli('export', run.runId, '--format', 'pdf', '--data-dir', run.dir, '-o', join(out, 'x.pdf'));
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^little-inspector export: PDF export needs Chromium, which was not found at .*\.\n$/);
      expect(existsSync(join(out, 'x.pdf'))).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it('leaves every data dir byte-identical', () => {
    for (const [dir, hashes] of before) expect(hashTree(dir)).toEqual(hashes);
  });
});
