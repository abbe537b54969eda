import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import type { RunSummary } from '../../shared/library';
import { USER_PRICE_TABLE_FORMAT } from '../../shared/pricing/user-price-table';
import { until } from '../../test/support/live-support';
import { startScriptWriter, type WriterEvent } from '../../test/support/live-writer';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { createInspectorCore } from '../core/inspector-core';

const root = tempRoot('li-library-pricing-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// One million tokens in and out: the bundled table charges $0.15 + $0.60, this one $1 + $2.
const USER_TABLE = {
  format: USER_PRICE_TABLE_FORMAT,
  id: 'test-rates',
  name: 'Test negotiated rates',
  entries: { 'openai/gpt-4o-mini': { pricing: { input: 1, output: 2, currency: 'USD' } } },
};
const MODEL = { provider: 'openai', modelId: 'gpt-4o-mini' };
const CALL_USD = 3;
const BUNDLED_CALL_USD = 0.75;

function modelCall(runId: string, step: string): WriterEvent[] {
  return [
    { runId, type: 'StepScheduled', payload: { stepPath: step } },
    { runId, type: 'StepAttemptStarted', payload: { stepPath: step, attemptId: 'attempt_1' } },
    { runId, type: 'harness.model.called', payload: { callId: step, stepPath: step, model: MODEL, request: { messages: [] } } },
    { runId, type: 'harness.model.responded', payload: { callId: step, stepPath: step, model: MODEL, response: { text: 'ok', usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } } } },
  ];
}

describe('the library re-prices everything with the loaded table', () => {
  it('keeps run rows on the user table after live patches, and prices per-call costs and turns with it', async () => {
    const dir = join(root, '.little-workflow');
    const tableFile = join(root, 'rates.json');
    writeFileSync(tableFile, JSON.stringify(USER_TABLE));
    const writer = await startScriptWriter(dir);
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: { pollMs: 50, lockCheckMs: 100, discoverMs: 200 } });
    const rows: RunSummary[][] = [];
    core.subscribe((message: PushMessage) => void (message.kind === 'library.changed' && rows.push(message.snapshot.runs)));
    const row = async () => {
      const current = await core.handlers['library.current']({});
      return current.ok ? current.value?.runs.find((r) => r.runId === 'run_priced') : undefined;
    };
    try {
      await writer.append([{ runId: 'run_priced', type: 'RunStarted', payload: { workflowVersionId: 'wfver_t' } }, ...modelCall('run_priced', 'a')]);
      expect((await core.openPath(root)).ok).toBe(true);
      expect((await row())?.costUsd).toBeCloseTo(BUNDLED_CALL_USD, 9);

      const loaded = await core.handlers['pricing.load']({ path: tableFile });
      expect(loaded.ok && loaded.value?.pricing.tableName).toBe('Test negotiated rates');
      expect((await row())?.costUsd).toBeCloseTo(CALL_USD, 9);

      // A live commit patches the row: the patch must carry the user table's price too.
      const before = rows.length;
      await writer.append(modelCall('run_priced', 'b'));
      await until(() => rows.slice(before).some((runs) => runs.some((r) => r.runId === 'run_priced' && r.eventCount === 9)), 10_000, 'patched row');
      expect((await row())?.costUsd).toBeCloseTo(2 * CALL_USD, 9);

      const ref = { dataDir: dir, runId: 'run_priced' };
      const costs = await core.handlers['run.costs'](ref);
      expect(costs.ok && costs.value.firstCalls.map((c) => c.priced.costUsd)).toEqual([CALL_USD, CALL_USD]);
      expect(costs.ok && costs.value.models.map((m) => [m.model, m.costUsd])).toEqual([['openai/gpt-4o-mini', 2 * CALL_USD]]);
      const turns = await core.handlers['run.slice']({ ...ref, spec: { section: 'turns', from: 0, count: 50 } });
      const priced = turns.ok ? Object.values(turns.value.refs?.modelTurns ?? {}).map((t) => t.price?.costUsd) : [];
      expect(priced).toEqual([CALL_USD, CALL_USD]);

      // Back to the bundled table: everything follows again.
      await core.handlers['pricing.load']({ path: null });
      expect((await row())?.costUsd).toBeCloseTo(2 * BUNDLED_CALL_USD, 9);
      const bundledCosts = await core.handlers['run.costs'](ref);
      expect(bundledCosts.ok && bundledCosts.value.firstCalls.map((c) => c.priced.costUsd)).toEqual([BUNDLED_CALL_USD, BUNDLED_CALL_USD]);
    } finally {
      core.close();
      await writer.kill();
    }
  });
});
