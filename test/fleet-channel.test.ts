/** The `fleet.summary` channel: the Fleet view of the opened root, built in the worker, equal to the CLI's summary. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetSummary } from '../shared/fleet/fleet-summary-types';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

const ROOT = join(EXAMPLES, 'fixtures');

describe('fleet.summary', () => {
  it('answers null with nothing open, then the same totals as `fleet --json` and every grouping', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    try {
      const none = await core.handlers['fleet.summary']({});
      expect(none.ok && none.value).toBeNull();
      expect((await core.openPath(ROOT)).ok).toBe(true);
      const view = await core.handlers['fleet.summary']({});
      if (!view.ok || view.value === null) throw new Error('no fleet view');
      const printed = JSON.parse((await cli('fleet', '--data-dir', ROOT, '--json')).stdout) as FleetSummary;
      const { groupsBy, root, ...summary } = view.value;
      expect(summary).toEqual(printed);
      expect(root).toBe(ROOT);
      for (const by of ['workflow-version', 'day', 'status'] as const) expect(groupsBy[by].reduce((s, g) => s + g.runs, 0)).toBe(printed.runs);
      const byModel = JSON.parse((await cli('fleet', '--data-dir', ROOT, '--json', '--by', 'model')).stdout) as FleetSummary;
      expect(groupsBy.model).toEqual(byModel.groups);
    } finally {
      core.close();
    }
  });
});

describe('fleet.sql and fleet.tables', () => {
  it('answers the tables and a query as `sql --json` does, refuses writes and stops at the budget, with typed errors', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    try {
      const closed = await core.handlers['fleet.sql']({ sql: 'SELECT 1' });
      expect(closed.ok ? null : closed.error.code).toBe('invalid-argument');
      expect((await core.openPath(ROOT)).ok).toBe(true);
      const tables = await core.handlers['fleet.tables']({});
      if (!tables.ok) throw new Error(tables.error.message);
      expect(tables.value.tables.map((t) => `${t.kind}:${t.name}`)).toEqual(['table:runs', 'table:steps', 'table:attempts', 'table:model_calls', 'table:tool_calls', 'table:sessions', 'view:events', 'view:event_text']);
      const sql = 'SELECT status, count(*) AS n, sum(cost_usd) AS cost FROM runs GROUP BY 1 ORDER BY 1';
      const answer = await core.handlers['fleet.sql']({ sql });
      if (!answer.ok) throw new Error(answer.error.message);
      const printed = JSON.parse((await cli('sql', sql, '--data-dir', ROOT, '--json', '--no-cache')).stdout) as { columns: string[]; rows: unknown[][] };
      expect({ columns: answer.value.columns, rows: answer.value.rows }).toEqual({ columns: printed.columns, rows: printed.rows });
      expect(answer.value.budgetMs).toBe(10_000);
      const refused = await core.handlers['fleet.sql']({ sql: 'DELETE FROM runs' });
      expect(refused.ok ? null : refused.error.code).toBe('sql-refused');
      const stopped = await core.handlers['fleet.sql']({ sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c', budgetMs: 1000 });
      expect(stopped.ok ? null : [stopped.error.code, stopped.error.detail]).toEqual(['sql-timeout', { budgetMs: 1000 }]);
    } finally {
      core.close();
    }
  }, 120_000);
});
