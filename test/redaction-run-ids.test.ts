/**
 * Issue 30: a run id is `run_` + token characters, so a secret made of those characters can be
 * (part of) a run id, and `_` is a word character: the built-ins' token-start check then let
 * `run_ghp_…` through in every format. Runs whose ids are planted fake secrets, exported with
 * `--redact` as JSON, HTML, Markdown, a bundle (its title, file name and blocks) and OTLP
 * (`little.run.id`): no secret in any byte; without `--redact` the ids are there (each check can fail).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import { writeFetchSummarizeRun } from '../scripts/fixtures/scenarios/common';
import { withWorld } from '../scripts/fixtures/writer';
import { RUN_ID_PATTERN } from '../shared/events/envelope';
import { redactorFor, runIdInFileName } from '../shared/redact/redaction-request';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { readBundlePage } from './support/bundle-page';
import { unchangedCoreOver } from './support/unchanged-core';
import { startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import { plantedLeaks } from './support/planted-leaks';
import { cli } from './support/run-cli-captured';
import { newDataDir, scratchRoot } from './support/scratch';

/** Every planted secret that can be a run id's tail, with the id it makes. */
const AS_RUN_IDS = PLANTED_SECRETS.filter((p) => p.carrier === p.secret && RUN_ID_PATTERN.test(`run_${p.secret}`)).map((p) => ({ rule: p.rule, secret: p.secret, runId: `run_${p.secret}` }));

describe('a secret as a run id, through the redactor', () => {
  it('covers the token rules (the list below is not empty)', () => {
    expect(AS_RUN_IDS.map((p) => p.rule)).toEqual(expect.arrayContaining(['anthropic-api-key', 'openai-api-key', 'github-token', 'aws-access-key-id', 'stripe-key', 'huggingface-token', 'groq-api-key']));
  });

  it.each(AS_RUN_IDS)('run_<$rule> becomes run_[redacted: $rule], alone and in text', ({ rule, runId }) => {
    const redactor = redactorFor({});
    if (!redactor.ok) throw new Error(redactor.error.message);
    expect(redactor.value.text(runId, 'id')).toBe(`run_[redacted: ${rule}]`);
    expect(redactor.value.text(`resumed ${runId} (parent ${runId})`, 'text')).toBe(`resumed run_[redacted: ${rule}] (parent run_[redacted: ${rule}])`);
    expect(runIdInFileName(runId, {})).toBe(`run_[redacted: ${rule}]`);
    expect(runIdInFileName(runId, undefined)).toBe(runId);
  });

  it('leaves ordinary run ids and words ending in run_ alone', () => {
    const redactor = redactorFor({});
    if (!redactor.ok) throw new Error(redactor.error.message);
    for (const id of ['run_01JFAKE0000EXAMPLE', 'run_nightly-2026-12-03', 'rerun_sk_live_x']) expect(redactor.value.text(id, 'id')).toBe(id);
  });
});

const root = scratchRoot('li-redact-run-ids-');
const dataDir = join(newDataDir('li-redact-run-ids-dd-'));
const out = join(root, 'out');
mkdirSync(out, { recursive: true });
const SAMPLE = AS_RUN_IDS.filter((p) => ['github-token', 'anthropic-api-key', 'aws-access-key-id'].includes(p.rule));
const core = unchangedCoreOver(dataDir, () =>
  withWorld(dataDir, (w) => {
    for (const { runId } of SAMPLE) writeFetchSummarizeRun(w, runId, { label: 'run id is a secret' });
  }),
);

describe('a secret as a run id, in every export', () => {
  it('without --redact the run id is in the export (the checks below can fail)', async () => {
    const r = await cli('export', SAMPLE[0]!.runId, '--format', 'json', '--data-dir', dataDir);
    expect(r.code, r.stderr).toBe(0);
    expect(plantedLeaks(r.stdout)).toContain(SAMPLE[0]!.rule);
  });

  for (const { rule, runId } of SAMPLE) {
    it.each(['json', 'html', 'md'])(`${rule} as the run id, %s --redact: no byte of it`, async (format) => {
      const file = join(out, `${rule}.${format}`);
      const r = await cli('export', runId, '--format', format, '--data-dir', dataDir, '-o', file, '--redact');
      expect(r.code, r.stderr).toBe(0);
      expect(plantedLeaks(readFileSync(file, 'utf8'))).toEqual([]);
      expect(plantedLeaks(r.stderr)).toEqual([]);
      expect(readFileSync(file, 'utf8')).toContain(`run_[redacted: ${rule}]`);
    });
  }

  it.each(SAMPLE)('$rule: the app export and the bundle suggest file names without it; the bundle page and blocks hold none of it', async ({ rule, runId }) => {
    const exported = await core().handlers['run.export']({ dataDir, runId, format: 'json', redact: {} });
    if (!exported.ok) throw new Error(exported.error.message);
    expect(plantedLeaks(exported.value.fileName + exported.value.content)).toEqual([]);
    const redactor = redactorFor({});
    if (!redactor.ok) throw new Error(redactor.error.message);
    const built = await core().bundleRun({ dataDir, runId, redactor: redactor.value });
    if (!built.ok) throw new Error(built.error.message);
    const page = readBundlePage(built.value.content);
    const blocks = [JSON.stringify(page.model), page.blocks.rows.toString('utf8'), page.blocks.bodies.toString('utf8')].join('\n');
    expect(plantedLeaks(built.value.fileName + built.value.content + blocks)).toEqual([]);
    expect(page.model.info.runId).toBe(`run_[redacted: ${rule}]`);
    // Unredacted, the same bundle carries the id (in its title, its name and its blocks).
    const plain = await core().bundleRun({ dataDir, runId, redactor: null });
    if (!plain.ok) throw new Error(plain.error.message);
    expect(plantedLeaks(plain.value.fileName + plain.value.content)).toContain(rule);
  });
});

describe('a secret as a run id, in OTLP little.run.id', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => void (receiver = await startOtlpReceiver()));
  afterAll(async () => receiver.close());

  it.each([true, false])('redact %s: the spans carry it only without --redact', async (redact) => {
    const from = receiver.requests.length;
    let stderr = '';
    const argv = [...SAMPLE.map((p) => p.runId), '--data-dir', dataDir, '--endpoint', receiver.url, '--protocol', 'http/json', ...(redact ? ['--redact'] : [])];
    const code = await otlpCommand(argv, { stdout: () => {}, stderr: (t) => void (stderr += t) }, { env: {} });
    expect(code, stderr).toBe(0);
    const requests = receiver.requests.slice(from);
    const ids = requests.flatMap((q) => q.spans.map((s) => s.attributes['little.run.id']));
    expect(ids.length).toBeGreaterThan(0);
    const bytes = requests.map((q) => q.body.toString('latin1')).join('\n') + stderr;
    if (redact) {
      expect(plantedLeaks(bytes)).toEqual([]);
      expect(new Set(ids)).toEqual(new Set(SAMPLE.map((p) => `run_[redacted: ${p.rule}]`)));
    } else expect(plantedLeaks(bytes).sort()).toEqual(SAMPLE.map((p) => p.rule).sort());
  });
});
