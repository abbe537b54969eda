/**
 * One bad row stops nothing (issue 13 item 2): rows whose run_id is not a valid run id cost
 * only themselves, with one diagnostic; every other run keeps being delivered, at the live
 * observer, the CLI `tail` and browser mode's push stream.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { tailCommand } from '../cli/commands/tail';
import { createInspectorCore } from '../core/inspector-core';
import { liveTestScope, record, until } from '../../test/support/live-support';
import { simpleRun, type ScriptWriter } from '../../test/support/live-writer';

const live = liveTestScope();

/** A data dir whose first run (in run_id order) is a bad id, with a good run after it. */
async function dirWithBadRun(): Promise<{ dir: string; writer: ScriptWriter }> {
  const dir = join(live.tempRoot('li-badrun-'), '.little-workflow');
  const writer = await live.writer(dir);
  await writer.append([{ runId: 'BAD run id', type: 'RunStarted', payload: {} }]);
  await writer.append(simpleRun('run_good', 1, false));
  return { dir, writer };
}

const FAST = { pollMs: 50, discoverMs: 0, fullCheckMs: 100, lockCheckMs: 100 };
const later = simpleRun('run_good', 3, true).slice(4);
const laterNew = simpleRun('run_next', 1, true);

describe('a row whose run_id is not a run id', () => {
  it('costs only itself at the live observer: later runs are delivered, one diagnostic says why', async () => {
    const { dir, writer } = await dirWithBadRun();
    const observer = live.observe({ priceTable: BUNDLED_PRICE_TABLE, root: dir, ...FAST, replayExisting: true, logError: () => undefined });
    const rec = record(observer);
    observer.start();
    await writer.append([{ runId: 'BAD run id', type: 'StepScheduled', payload: { stepPath: 'x' } }, ...later]);
    await writer.append(laterNew);
    await until(() => rec.sequences('run_good').length === 4 + later.length && rec.sequences('run_next').length === laterNew.length, 10_000, 'good runs delivered');
    const diagnostics = rec.notifications.filter((n) => n.kind === 'diagnostic');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ diagnostic: { code: 'invalid-run-id' } });
  });

  it('does not silence `tail`', async () => {
    const { dir, writer } = await dirWithBadRun();
    const controller = new AbortController();
    let stdout = '';
    let stderr = '';
    const done = tailCommand(['--data-dir', dir], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, { signal: controller.signal, observer: FAST });
    await until(() => stderr.includes('# following'), 10_000, 'tail started');
    await writer.append(later);
    await writer.append(laterNew);
    await until(() => stdout.includes('run_next  #') && stdout.includes(`run_good  #${4 + later.length}`), 10_000, 'tail lines of later runs');
    controller.abort();
    expect(await done).toBe(0);
    expect(stderr).toContain('invalid-run-id');
  });

  it('does not silence browser mode pushes', async () => {
    const { dir, writer } = await dirWithBadRun();
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: FAST, logError: () => undefined });
    const pushes: PushMessage[] = [];
    core.subscribe((message) => pushes.push(message));
    try {
      expect((await core.openPath(dir)).ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.append(laterNew);
      await until(() => pushes.some((p) => p.kind === 'run.delta' && p.runId === 'run_next'), 10_000, 'push of run_next');
    } finally {
      core.close();
    }
  });
});
