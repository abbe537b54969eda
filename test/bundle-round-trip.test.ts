import { describe, expect, it } from 'vitest';
import { ok } from '../shared/diagnostics';
import { type RequestOf } from '../shared/contract';
import type { SliceSpec } from '../shared/run/run-head-types';
import { relocate } from '../src-main/export/bundle/build-bundle';
import { openBundle } from './support/bundle-page';
import { exportFixture, type ExportFixtureName } from './support/export-fixtures';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { openedCore } from './support/opened-core';

// A bundle's page answers every run channel from the data it carries exactly as main answers it
// from the data dir (local paths relabelled, build numbers aside): the round trip through the
// builder, gzip + base64 and the page's transport loses nothing.
const VIEWER = () => ok({ script: 'void 0', style: 'body{}' });

const openCore = () => openedCore(EXAMPLES, { live: false, bundleViewer: VIEWER });

/** `value` without the run service's build numbers (a bundle's model is build 0). */
function unbuilt(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'build' ? undefined : v)));
}

const RUNS: Array<{ name: string; row: () => { dir: string; runId: string } }> = [
  ...(['crashed', 'resumed', 'failed', 'completed'] as ExportFixtureName[]).map((name) => ({ name, row: () => exportFixture(name) })),
  { name: 'large-output (artifact)', row: () => fixtureRun('large output: 300000-char text only in artifact') },
];

describe('bundle round trip', () => {
  it.each(RUNS)('answers every run channel of $name like main does', async ({ row }) => {
    const { dir, runId } = row();
    const core = await openCore();
    try {
      const built = await core.handlers['run.bundle']({ dataDir: dir, runId });
      if (!built.ok) throw new Error(built.error.message);
      const { page, handlers } = openBundle(built.value.content);
      const label = page.model.snapshot.dataDirs[0]!.path;
      expect(label).not.toContain(EXAMPLES);
      const local = { path: dir, label };
      const at = { dataDir: dir, runId };
      const there = { dataDir: label, runId };
      const same = async <C extends keyof typeof handlers>(channel: C, extra: Omit<RequestOf<C>, 'dataDir' | 'runId'>) => {
        const want = await (core.handlers[channel] as (r: unknown) => Promise<unknown>)({ ...at, ...extra });
        const got = await (handlers[channel] as (r: unknown) => Promise<unknown>)({ ...there, ...extra });
        expect(unbuilt(got), `${channel} ${JSON.stringify(extra)}`).toEqual(unbuilt(relocate(want, local)));
        return got as { ok: boolean; value: never };
      };

      const head = await same('run.detail', {} as never);
      await same('run.costs', {} as never);
      await same('run.reportText', {} as never);
      await same('run.findings', {} as never);
      const slices: SliceSpec[] = [
        { section: 'steps', from: 0, count: 1000 },
        { section: 'timeline', from: 0, count: 1000, fold: { allCollapsed: false, ids: [] } },
        { section: 'timeline', from: 0, count: 1000, fold: { allCollapsed: true, ids: [] } },
        { section: 'turns', from: 0, count: 1000 },
        { section: 'report', from: 0, count: 1000 },
        { section: 'skipped', from: 0, count: 1000 },
        { section: 'events', from: 0, count: 1000 },
        { section: 'events', from: 2, count: 5, find: 4 },
        { section: 'events', from: 0, count: 1000, filter: { typePrefix: 'Step' } },
        { section: 'events', from: 0, count: 1000, filter: { typePrefix: 'harness.' }, find: 3 },
      ];
      for (const spec of slices) await same('run.slice', { spec } as never);
      const steps = (await handlers['run.slice']({ ...there, spec: { section: 'steps', from: 0, count: 1000 } })) as { ok: true; value: { items: Array<{ stepPath: string }> } };
      for (const step of steps.value.items) await same('run.step', { stepPath: step.stepPath } as never);
      const counts = (head.value as { harness: { counts: { sessions: number; modelTurns: number; toolCalls: number } } }).harness.counts;
      for (const [kind, n] of [['session', counts.sessions], ['turn', counts.modelTurns], ['tool', counts.toolCalls]] as const) {
        for (let id = 0; id <= n; id++) await same('run.harness', { kind, id } as never);
      }
      for (let sequence = 1; sequence <= page.rows.length + 1; sequence++) await same('run.event', { sequence } as never);
      for (const artifact of page.model.artifacts) await same('run.artifact', { ref: artifact.ref } as never);
      expect(built.value.omissions.eventBodies.count).toBe(0);
    } finally {
      core.close();
    }
  });

  it('answers run-not-found for any other run, and unsupported for what a snapshot cannot do', async () => {
    const { dir, runId } = exportFixture('completed');
    const core = await openCore();
    try {
      const built = await core.handlers['run.bundle']({ dataDir: dir, runId });
      if (!built.ok) throw new Error(built.error.message);
      const { page, handlers } = openBundle(built.value.content);
      const other = await handlers['run.detail']({ dataDir: page.model.snapshot.root, runId: 'run_other' });
      expect(!other.ok && other.error.code).toBe('run-not-found');
      for (const refused of [await handlers['library.open']({ path: '/' }), await handlers['run.compare']({ dataDir: page.model.snapshot.root, runId })]) {
        expect(!refused.ok && refused.error.code).toBe('unsupported');
      }
      const info = await handlers['app.info']({});
      expect(info.ok && info.value.mode).toBe('bundle');
      expect(info.ok && info.value.bundle?.runId).toBe(runId);
    } finally {
      core.close();
    }
  });
});
