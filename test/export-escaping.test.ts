import { describe, expect, it } from 'vitest';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { buildReportDocument } from '../shared/report-export/build-report-document';
import { renderHtml } from '../shared/report-export/render-html';
import { renderMarkdown } from '../shared/report-export/render-markdown';
import { timelineSvg } from '../shared/report-export/timeline-svg';
import type { RunDetail } from '../shared/run/run-detail-types';
import { EXAMPLES } from './support/fixture-manifest';
import { exportFixture } from './support/export-fixtures';

// Payloads are untrusted: a real run's detail with hostile text planted in every field the
// report prints, rendered to HTML, Markdown and SVG.
const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const HOSTILE = `${SCRIPT}${IMG} | pipe | \`\`\` fence`;

async function hostileDetail(): Promise<RunDetail> {
  const core = createInspectorCore({ mode: 'browser', initialPath: null });
  await core.openPath(EXAMPLES);
  const run = exportFixture('crashed');
  const detail = await core.runDetail({ dataDir: run.dir, runId: run.runId });
  if (!detail.ok) throw new Error(detail.error.message);
  const d = structuredClone(detail.value);
  d.summary = { ...d.summary, label: HOSTILE, tags: [HOSTILE] };
  d.steps[0] = { ...d.steps[0], stepPath: HOSTILE, output: { truncated: false, value: { text: HOSTILE, long: 'x'.repeat(5000) } }, error: { truncated: false, value: HOSTILE } };
  d.harness.toolCalls = d.harness.toolCalls.map((c) => ({ ...c, toolName: HOSTILE, args: { truncated: false, value: { q: HOSTILE } }, result: { truncated: false, value: HOSTILE } }));
  d.harness.modelTurns = d.harness.modelTurns.map((t) => ({ ...t, model: { provider: HOSTILE, modelId: 'm' }, responseText: { truncated: false, value: HOSTILE } }));
  d.findings = [{ code: 'internal', severity: 'error', message: HOSTILE }];
  (d as { timeline?: unknown }).timeline = undefined; // draw from the attempts, whose step path is hostile
  return d;
}

const build = (d: RunDetail, maxText = 2000) => buildReportDocument(d, { exportedAt: '2026-12-01T00:00:00.000Z', inspectorVersion: '0.1.0', maxText });

describe('untrusted payloads in the report', () => {
  it('HTML escapes everything: no script, no img, no attribute break-out', async () => {
    const html = renderHtml(build(await hostileDetail()));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*onerror/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('the timeline SVG escapes step paths', async () => {
    const svg = timelineSvg(build(await hostileDetail()).timeline);
    expect(svg).not.toMatch(/<script|<img/i);
    expect(svg).toContain('&lt;script&gt;');
  });

  it('Markdown neutralises HTML, escapes pipes in tables and out-fences backticks', async () => {
    const md = renderMarkdown(build(await hostileDetail()));
    // Inside fenced blocks text is shown literally (GitHub renders no HTML there); outside, none survives.
    const outsideFences = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    expect(outsideFences).toContain('&lt;script');
    expect(outsideFences).not.toMatch(/<script|<img/i);
    for (const line of md.split('\n').filter((l) => l.startsWith('| ') && l.includes('pipe'))) expect(line).toContain('\\| pipe \\|');
    expect(md).toContain('````');
  });

  it('--max-text caps outputs, args, results and responses', async () => {
    const doc = build(await hostileDetail(), 50);
    expect(doc.steps[0].output?.text.length).toBe(50);
    expect(doc.steps[0].output?.truncated).toBe(true);
    expect(doc.steps[0].output?.totalChars).toBeGreaterThan(5000);
    for (const c of doc.harness.toolCalls) expect(c.args?.text.length).toBeLessThanOrEqual(50);
    for (const t of doc.harness.modelTurns) expect(t.response?.text.length).toBeLessThanOrEqual(50);
  });
});
