import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOOPCTL_SESSIONS } from '../scripts/fixtures/loopctl/loopctl-scenario';
import { LOOPCTL_REPORT_ERROR } from '../shared/run/loopctl-run-view';
import { loopctlRunId } from '../shared/loopctl/segment-events';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { hashTree } from './support/store-test-fixtures';
import { cli } from './support/run-cli-captured';
import { validateJson } from './support/json-schema-subset';

// `little-inspector export` and `run.export` of loopctl runs: no `little report` (the ledgers are
// not a little-workflow event log), turns and tool calls from the loopctl view, no crash boundary.
const schema = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'report-schema.json'), 'utf8'));
const dir = join(__dirname, '..', 'examples', 'fixtures', 'loopctl', 'ledgers');
const RUN = loopctlRunId(LOOPCTL_SESSIONS.a, 2);
let out: string;
let before: Record<string, string>;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'li-export-loopctl-'));
  before = hashTree(dir);
});
afterAll(() => {
  expect(hashTree(dir)).toEqual(before);
  rmSync(out, { recursive: true, force: true });
});

const exportTo = (format: string, file: string, runId = RUN) => cli('export', runId, '--format', format, '--data-dir', dir, '-o', join(out, file));

describe('export of a loopctl run', () => {
  it('JSON validates against the schema: no report table, turns and tool calls, no crash boundary', async () => {
    const result = await exportTo('json', 'a2.json');
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, 'a2.json'), 'utf8'));
    expect(validateJson(doc, schema)).toEqual([]);
    expect(doc.run).toMatchObject({ runId: RUN, status: 'failed', crashed: false });
    expect(doc.report).toBeNull();
    expect(doc.reportError).toBe(LOOPCTL_REPORT_ERROR);
    expect(doc.cost.table).toBeNull();
    expect(doc.cost.totals).toMatchObject({ inputTokens: 3800, outputTokens: 4186 });
    expect(doc.boundary).toBeNull();
    expect(doc.audit).toBeNull();
    expect(doc.steps).toEqual([]);
    expect(doc.harness.modelTurns).toHaveLength(2);
    expect(doc.harness.toolCalls.map((c: { toolName: string }) => c.toolName)).toEqual(['grep']);
  });

  it('an unfinished run exports too (still no crash boundary: loopctl keeps no lock to tell)', async () => {
    const open = loopctlRunId(LOOPCTL_SESSIONS.b, 2);
    const result = await exportTo('json', 'b2.json', open);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, 'b2.json'), 'utf8'));
    expect(validateJson(doc, schema)).toEqual([]);
    expect(doc.boundary).toBeNull();
    expect(doc.run).toMatchObject({ status: 'running', crashed: false });
  });

  it('HTML is one self-contained file with the turns', async () => {
    const result = await exportTo('html', 'a2.html');
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(join(out, 'a2.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(RUN);
    expect(html).toContain('grep');
    expect(html).toContain('loopctl runs have no');
  });

  it('Markdown names the run, its cost and turns, and links the timeline SVG', async () => {
    const result = await exportTo('md', 'a2.md');
    expect(result.code, result.stderr).toBe(0);
    const md = readFileSync(join(out, 'a2.md'), 'utf8');
    expect(md).toContain('## Cost and tokens');
    expect(md).toContain('### Model turns (2)');
    expect(md).toContain('![Step timeline](a2.timeline.svg)');
  });

  it('the run.export channel gives the same text formats', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    try {
      const opened = await core.openPath(dir);
      if (!opened.ok) throw new Error(opened.error.message);
      for (const format of ['json', 'md', 'html'] as const) {
        const result = await core.handlers['run.export']({ dataDir: dir, runId: RUN, format });
        expect(result.ok, format).toBe(true);
        if (result.ok) expect(result.value).toMatchObject({ format, encoding: 'utf8', fileName: expect.stringContaining(RUN) });
      }
      const json = await core.handlers['run.export']({ dataDir: dir, runId: RUN, format: 'json' });
      if (json.ok) expect(validateJson(JSON.parse(json.value.content), schema)).toEqual([]);
    } finally {
      core.close();
    }
  });
});
