import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../shared/library';
import { fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

let dir: string;
let tablePath: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'li-price-'));
  tablePath = join(dir, 'acme.json');
  writeFileSync(
    tablePath,
    JSON.stringify({
      format: 'little-inspector/price-table@1',
      id: 'acme',
      name: 'ACME rates',
      entries: { 'openai/gpt-4o-mini': { pricing: { input: 1, output: 2, cachedInput: 0.5 }, pricingVerifiedAt: '2026-11-20' } },
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('user price tables', () => {
  it('re-price the report and the run list, and say which table priced them', async () => {
    const run = fixtureRun('completed: planner prelude');
    // 400 uncached × 1 + 800 cached × 0.5 + 340 out × 2 = 1480 per 1M tokens.
    const report = await cli('report', run.runId, '--price-table', tablePath, '--data-dir', run.dir);
    expect(JSON.parse(report.stdout).total.costUsd).toBeCloseTo(0.00148, 12);
    expect(report.stderr).toContain('ACME rates');
    const runs = JSON.parse((await cli('runs', '--data-dir', run.dir, '--json', '--price-table', tablePath)).stdout) as Array<RunSummary & { priceTable: string }>;
    const row = runs.find((r) => r.runId === run.runId)!;
    expect(row.costUsd).toBeCloseTo(0.00148, 12);
    expect(row.priceTable).toBe('acme');
  });

  it('leave models the table does not know unpriced (null), not zero', async () => {
    const run = fixtureRun('priced: anthropic.messages/claude-sonnet-4-6');
    const report = JSON.parse((await cli('report', run.runId, '--price-table', tablePath, '--data-dir', run.dir)).stdout);
    expect(report.total.costUsd).toBeNull();
    expect(report.hasUnpricedCalls).toBe(true);
  });

  it('reject a malformed table with a clear message (exit 2)', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'little-inspector/price-table@1', id: 'x', name: 'x', entries: { 'OpenAI/GPT': { pricing: { input: -1, output: 1 } } } }));
    const out = await cli('pricing', '--price-table', bad);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('invalid price table');
    expect((await cli('pricing', '--price-table', join(dir, 'missing.json'))).stderr).toContain('path-not-found');
  });

  it('list the bundled table with provenance and flag entries past 90 days', async () => {
    const out = await cli('pricing', '--json');
    const json = JSON.parse(out.stdout);
    expect(json.provenance.source).toBe('bundled');
    expect(json.entries['openai/gpt-4o-mini'].pricingVerifiedAt).toBe('2026-08-07');
    // 2026-08-07 + 90 days = 2026-11-05: stale from then on (the machine's clock decides).
    const expectStale = Date.now() > Date.parse('2026-11-06T00:00:00Z');
    expect(json.provenance.stale).toBe(expectStale);
    expect(json.staleKeys.includes('openai/gpt-4o-mini')).toBe(expectStale);
  });
});
