import { afterAll, describe, expect, it } from 'vitest';
import { requestSchemas } from '../../shared/contract-schemas';
import { EXAMPLES, fixtureRun } from '../../test/support/fixture-manifest';
import { openedCore } from '../../test/support/opened-core';
import type { InspectorCore } from '../core/inspector-core';

// run.prepare takes a run's address either in parts (the page's module script) or as the location
// hash itself (index.html's inline script, shared/early-prepare-script.ts): both name the same build.
describe('run.prepare with a location hash', () => {
  let core: InspectorCore | null = null;
  const open = async () => (core ??= await openedCore(EXAMPLES, { live: false }));
  afterAll(() => core?.close());

  it('names the same run, data dir and position as the address in parts', async () => {
    const c = await open();
    const run = fixtureRun('crashed model-call-in-flight');
    const byParts = await c.handlers['run.prepare']({ runId: run.runId, dir: null, at: 3 });
    const byHash = await c.handlers['run.prepare']({ hash: `#/run/${encodeURIComponent(run.runId)}/at/3/steps` });
    expect(byParts).toEqual({ ok: true, value: { dataDir: run.dir, runId: run.runId, at: 3 } });
    expect(byHash).toEqual(byParts);
    expect(await c.handlers['run.prepare']({ hash: `#/run/${run.runId}` })).toEqual({ ok: true, value: { dataDir: run.dir, runId: run.runId } });
  });

  it('reads the data dir label from the hash, and answers null for an unknown label, run or any other address', async () => {
    const c = await open();
    const run = fixtureRun('crashed model-call-in-flight');
    const snapshot = await c.handlers['library.current']({});
    if (!snapshot.ok || snapshot.value === null) throw new Error('no library');
    const dirLabel = snapshot.value.dataDirs.find((d) => d.path === run.dir)!.label;
    expect(await c.handlers['run.prepare']({ hash: `#/run/${run.runId}?dir=${encodeURIComponent(dirLabel)}` })).toEqual({ ok: true, value: { dataDir: run.dir, runId: run.runId } });
    for (const hash of [`#/run/${run.runId}?dir=no%2Fsuch`, '#/run/run_00000000-0000-0000-0000-000000000000', '#/', '#/session/s1?dir=.', '']) {
      expect(await c.handlers['run.prepare']({ hash }), hash).toEqual({ ok: true, value: null });
    }
  });

  it('accepts one shape or the other, never a mix, and no hash longer than 4,096 characters', () => {
    const schema = requestSchemas['run.prepare'];
    expect(schema.safeParse({ hash: '#/run/run_1' }).success).toBe(true);
    expect(schema.safeParse({ runId: 'run_1', dir: null }).success).toBe(true);
    expect(schema.safeParse({ hash: '#/run/run_1', runId: 'run_1', dir: null }).success).toBe(false);
    expect(schema.safeParse({ hash: 42 }).success).toBe(false);
    expect(schema.safeParse({ hash: `#/run/${'x'.repeat(4096)}` }).success).toBe(false);
  });
});
