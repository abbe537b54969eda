import { createRunDetailPool } from '../../workers/run-detail-pool';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOPCTL_SESSIONS } from '../../../scripts/fixtures/loopctl/loopctl-scenario';
import type { RunSummary } from '../../../shared/library';
import { LOOPCTL_REPORT_ERROR } from '../../../shared/run/loopctl-run-view';
import { loopctlRunId } from '../../../shared/loopctl/segment-events';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { runsCommand } from '../../cli/commands/runs';
import { hashTree } from '../../../test/support/store-test-fixtures';
import { loadLibrary } from '../../library/load-library';
import { createRunService } from '../../library/run-service';

const FIXTURES = join(__dirname, '../../../examples/fixtures/loopctl');
const SQLITE = join(__dirname, '../../../examples/fixtures/completed');

describe('loopctl runs in the library and the run view', () => {
  it('`runs --data-dir examples/fixtures/loopctl --json` lists them with every field other rows have', async () => {
    const before = hashTree(FIXTURES);
    let out = '';
    const code = await runsCommand(['--data-dir', FIXTURES, '--json'], { stdout: (t) => void (out += t), stderr: () => undefined });
    expect(code).toBe(0);
    const rows = JSON.parse(out) as Array<RunSummary & { priceTable: string }>;
    expect(rows).toHaveLength(6);
    const library = loadLibrary(SQLITE, BUNDLED_PRICE_TABLE);
    const sqliteKeys = Object.keys(library.ok ? library.value.runs[0]! : {}).sort();
    for (const row of rows) {
      expect(row.source).toBe('loopctl');
      expect(Object.keys(row).filter((k) => k !== 'source' && k !== 'priceTable').sort()).toEqual(sqliteKeys);
    }
    const byId = new Map(rows.map((r) => [r.runId, r]));
    expect(byId.get(loopctlRunId(LOOPCTL_SESSIONS.a, 1))).toMatchObject({ status: 'completed', inputTokens: 3600, outputTokens: 470, costUsd: 0.006, eventCount: 17 });
    expect(byId.get(loopctlRunId(LOOPCTL_SESSIONS.a, 2))).toMatchObject({ status: 'failed', verdict: expect.stringContaining('partial') });
    expect(byId.get(loopctlRunId(LOOPCTL_SESSIONS.b, 1))).toMatchObject({ status: 'completed', costUsd: null });
    expect(byId.get(loopctlRunId(LOOPCTL_SESSIONS.b, 2))).toMatchObject({ status: 'running', statusInferred: true, finishedAt: null, costUsd: null });
    expect(hashTree(FIXTURES)).toEqual(before);
  });

  it('run.detail of a loopctl run: turns and tool calls in the harness view, no report, findings with lines', async () => {
    const library = loadLibrary(FIXTURES, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const service = createRunService({ snapshot: () => library.value, table: () => BUNDLED_PRICE_TABLE, pool: createRunDetailPool({ useWorker: false }) });
    const dataDir = join(FIXTURES, 'ledgers');
    const detail = await service.detail({ dataDir, runId: loopctlRunId(LOOPCTL_SESSIONS.a, 1) });
    if (!detail.ok) throw new Error(detail.error.message);
    const d = detail.value;
    expect(d).toMatchObject({ steps: [], report: null, reportError: LOOPCTL_REPORT_ERROR, boundary: null, lastSequence: 18 });
    // 17 events.jsonl lines and the trajectory.jsonl record: the events tab's rows.
    expect(d.summary.source).toBe('loopctl');
    expect(d.harness.modelTurns.map((t) => [t.turn, t.status, t.requestText?.truncated === false && t.requestText.value, t.responseText?.truncated === false && t.responseText.value])).toEqual([
      [0, 'responded', 'run the tests and read both config files', 'Running the tests and reading the configs.'],
      [1, 'responded', 'exit 0: 42 passed\n[a.toml] retries = 3\n[b.toml] retries = 5', 'All 42 tests pass; a.toml retries 3 times, b.toml 5 times.'],
    ]);
    expect(d.harness.toolCalls).toHaveLength(4);
    expect(d.harness.toolCalls.every((c) => c.args === undefined && c.result === undefined && c.sessionId === 0)).toBe(true);
    expect(d.eventTypeCounts['tool.call']).toBe(4);
    expect(d.findings.some((f) => f.code === 'payload-unparsable' && f.detail?.line === 37)).toBe(true);
    expect(d.findings.some((f) => f.message.includes('no tool inputs'))).toBe(true);
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
    const missing = await service.detail({ dataDir, runId: 'run_lc_nope_1' });
    expect(missing.ok).toBe(false);
  });
});

describe('examples/fixtures/manifest.json loopctl rows', () => {
  it('name runs that exist with their expected status', async () => {
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(readFileSync(join(FIXTURES, '..', 'manifest.json'), 'utf8')) as { runs: Array<{ dataDir: string; runId: string; status: string; crashed: boolean; group: string }> };
    const rows = manifest.runs.filter((r) => r.group === 'loopctl');
    expect(rows).toHaveLength(6);
    const library = loadLibrary(FIXTURES, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    for (const row of rows) {
      const run = library.value.runs.find((r) => r.runId === row.runId && r.dataDir === join(FIXTURES, '..', '..', row.dataDir));
      expect(run, row.runId).toMatchObject({ status: row.status, crashed: row.crashed });
    }
  });
});
