/** The `fleet.summary` channel: the Fleet view of the opened root, built in the worker, equal to the CLI's summary. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetSummary } from '../shared/fleet/fleet-summary-types';
import { createInspectorCore } from '../src-main/library/inspector-core';
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
