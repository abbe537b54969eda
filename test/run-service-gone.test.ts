/**
 * Issue 30 item 9: a data dir deleted or moved after the open. Its cached build must not keep
 * answering run.detail from the past: every run operation says the data dir is gone (a typed
 * `path-not-found` naming it), and a data dir put back answers from the disk again.
 */
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRun } from './support/fixture-manifest';
import { openedCore } from './support/opened-core';

const root = mkdtempSync(join(tmpdir(), 'li-gone-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a data dir gone after the open', () => {
  it('drops its cached builds and says so on every run operation; put back, it answers again', async () => {
    const run = fixtureRun('crashed model-call-in-flight');
    const project = join(root, 'project');
    cpSync(dirname(run.dir), project, { recursive: true });
    const core = await openedCore(project, { live: false });
    try {
      const current = await core.handlers['library.current']({});
      const dataDir = current.ok ? current.value!.runs.find((r) => r.runId === run.runId)!.dataDir : '';
      const ref = { dataDir, runId: run.runId };
      const first = await core.handlers['run.detail'](ref);
      expect(first.ok).toBe(true);
      // Built and cached: the same request is answered without reading.
      expect((await core.handlers['run.detail'](ref)).ok).toBe(true);

      renameSync(project, `${project}-moved`);
      const gone = await core.handlers['run.detail'](ref);
      expect(gone).toMatchObject({ ok: false, error: { code: 'path-not-found', path: dataDir } });
      expect(!gone.ok && gone.error.message).toContain('is gone');
      const slice = await core.handlers['run.slice']({ ...ref, spec: { section: 'steps', from: 0, count: 10 } });
      expect(slice).toMatchObject({ ok: false, error: { code: 'path-not-found' } });

      renameSync(`${project}-moved`, project);
      const back = await core.handlers['run.detail'](ref);
      expect(back.ok).toBe(true);
      expect(back.ok && first.ok && back.value.build).not.toBe(first.ok && first.value.build);
    } finally {
      core.close();
    }
  }, 120_000);
});
