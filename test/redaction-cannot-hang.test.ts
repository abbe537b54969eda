/**
 * Issue 30: a user rule the old "could hang" check accepted — many `.*` in a row, then a literal
 * that never comes, with `/s` — backtracked for ever in V8 (O(n^20): any text of a hundred
 * characters): `export` never ended and one `run.redactionPreview` froze a browser-mode server. User
 * rules now run on a linear-time engine, so every path finishes, and still finds the literal when
 * it does come. (On the old code these tests hang until vitest's timeout: they fail, never pass.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFetchSummarizeRun } from '../scripts/fixtures/scenarios/common';
import { seededRunId, withWorld } from '../scripts/fixtures/writer';
import { redactorFor } from '../shared/redact/redaction-request';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { unchangedCoreOver } from './support/unchanged-core';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';
import { newDataDir, scratchRoot } from './support/scratch';

/** The rule of the issue, and one whose literal the run does hold (a planted internal host name). */
const STARS = `${'.*'.repeat(20)}`;
const RULES = [`regex never-comes /${STARS}NEVER-[0-9]{6}/s`, `regex comes /${STARS}CORP-4242/s`].join('\n');

const root = scratchRoot('li-redact-hang-');
const dataDir = newDataDir('li-redact-hang-dd-');
const rules = join(root, 'rules.txt');
const runId = seededRunId('redaction/cannot-hang');
const core = unchangedCoreOver(dataDir, () => {
  // V8 needs ~n^20/20! steps for the first rule on a text of n characters: a 100-character tool
  // result is past any patience, the 20,000 characters of the input (in the bundle) far past it.
  withWorld(dataDir, (w) => void writeFetchSummarizeRun(w, runId, { label: 'CORP-4242 nightly', input: { notes: `fetched from CORP-4242.fake.example\n${'a line of notes\n'.repeat(1250)}` } }));
  writeFileSync(rules, RULES);
});

describe('a rule that backtracks for ever in V8 finishes everywhere', () => {
  it('export --format json: finishes, takes out what the second rule finds, never the first', async () => {
    const file = join(root, 'out.json');
    const r = await cli('export', runId, '--format', 'json', '--data-dir', dataDir, '-o', file, '--redact-rules', rules);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('[redacted: comes]');
    expect(r.stderr).not.toMatch(/never-comes/);
  });

  it('the bundle: finishes, with the second rule in its list', async () => {
    const redactor = redactorFor({ userRules: RULES });
    if (!redactor.ok) throw new Error(redactor.error.message);
    const built = await core().bundleRun({ dataDir, runId, redactor: redactor.value });
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.redaction?.findings.map((f) => f.rule)).toContain('comes');
  });

  it('the preview (run.redactionPreview), for the report and for the bundle: finishes with the list', async () => {
    for (const target of ['report', 'bundle'] as const) {
      const preview = await core().handlers['run.redactionPreview']({ dataDir, runId, redact: { userRules: RULES }, for: target });
      if (!preview.ok) throw new Error(preview.error.message);
      expect(preview.value.findings.map((f) => f.rule)).toContain('comes');
      expect(preview.value.findings.map((f) => f.rule)).not.toContain('never-comes');
    }
  });

  describe('OTLP --content --redact-rules', () => {
    let receiver: OtlpReceiver;
    beforeAll(async () => void (receiver = await startOtlpReceiver()));
    afterAll(async () => receiver.close());
    it('finishes and sends the spans', async () => {
      let stderr = '';
      const code = await otlpCommand([runId, '--data-dir', dataDir, '--endpoint', receiver.url, '--content', '--redact-rules', rules], { stdout: () => {}, stderr: (t) => void (stderr += t) }, { env: {} });
      expect(code, stderr).toBe(0);
      expect(receiver.spans().length).toBeGreaterThan(0);
    });
  });

  it('the same rules through redactorFor: the whole text in one pass', () => {
    const redactor = redactorFor({ userRules: RULES });
    if (!redactor.ok) throw new Error(redactor.error.message);
    const text = `${'lorem ipsum\n'.repeat(30_000)}host CORP-4242.fake.example`;
    expect(redactor.value.text(text, 'x')).toBe('[redacted: comes].fake.example');
  });
});
