import { mkdtempSync, rmSync } from 'node:fs';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLargeRun } from '../scripts/fixtures/scenarios/large-run';
import { createInspectorCore } from '../src-main/core/inspector-core';
import { loadLibrary } from '../src-main/library/load-library';

// Opening a root folds every run without a terminal event (to tell crashed from running). For
// a big crashed run that takes a while; it must happen off main's thread, which in the
// desktop app also serves every window. A synchronous load lets no timer fire until it ends.
describe('library loads run in the worker', () => {
  let root: string;
  let runId: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'li-libworker-'));
    runId = writeLargeRun(join(root, '.little-workflow'), { events: 60_000, crashed: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a timer fires while a root with a crashed 60,000-event run opens, and the verdict matches the in-process load', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    // Order, not a clock: a timer set just after the open starts must fire before the open
    // ends. A load on main's thread runs in one piece before the timer can fire.
    const order: string[] = [];
    try {
      const opening = core.openPath(root).then((result) => (order.push('opened'), result));
      setTimeout(() => order.push('timer'), 0);
      const opened = await opening;
      if (!opened.ok) throw new Error(opened.error.message);
      expect(order).toEqual(['timer', 'opened']);
      const direct = loadLibrary(root, BUNDLED_PRICE_TABLE);
      if (!direct.ok) throw new Error(direct.error.message);
      const row = opened.value.runs.find((r) => r.runId === runId);
      expect(row).toMatchObject({ crashed: true, status: 'running', eventCount: 60_000 });
      expect(opened.value.runs).toEqual(direct.value.runs);
    } finally {
      core.close();
    }
  });
});
