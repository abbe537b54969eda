/**
 * Discovery without a hiding cap (issue 30 item 5). The old walk stopped after 5,000 folders
 * in depth-first order: a `little setup` tree's sessions past ~600 dropped out of view (and
 * links into their runs failed), and one big folder early in the alphabet hid every data dir
 * after it. Now the walk goes level by level with a bound per level that says exactly what it
 * skipped, and harness session folders are checked where their Local Worlds live, never cut.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRun, writeClosedDataDir } from '../../../test/support/store-test-fixtures';
import { sessionKey, writeSessionTree } from '../../../test/support/session-tree';
import { cli } from '../../../test/support/run-cli-captured';
import { createInspectorCore } from '../../core/inspector-core';
import { DEFAULT_FOLDERS_PER_LEVEL, discover, type WalkProgress } from './discovery';

const SESSIONS = 10_000;
const WORLD_EVERY = 10;
let root: string;
let wide: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'li-sessions-root-'));
  await writeSessionTree(join(root, '.little-harness'), SESSIONS, 'run_last_session', WORLD_EVERY);
  // 6,000 folders (60 × 100) in one corner, a data dir beside them and one inside the last of them.
  wide = mkdtempSync(join(tmpdir(), 'li-big-root-'));
  for (let i = 0; i < 60; i += 1) {
    for (let j = 0; j < 100; j += 1) mkdirSync(join(wide, 'a-big', `b${String(i).padStart(3, '0')}`, `f${String(j).padStart(2, '0')}`), { recursive: true });
  }
  await writeClosedDataDir(join(wide, 'z-project', '.little-workflow'), sampleRun('run_after_the_big_folder'));
  await writeClosedDataDir(join(wide, 'a-big', 'b059', 'f99', 'deep'), sampleRun('run_deep'));
}, 300_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(wide, { recursive: true, force: true });
});

describe(`discovery of a little setup tree with ${SESSIONS.toLocaleString('en-US')} session folders`, () => {
  it('lists every session Local World, counting every session in its progress, with no warning', () => {
    const reports: WalkProgress[] = [];
    const found = discover(root, { countRuns: false, onProgress: (p) => reports.push(p) });
    const worlds = found.dataDirs.filter((d) => d.kind === 'harness-session');
    const expected = Array.from({ length: SESSIONS }, (_, i) => i).filter((i) => i % WORLD_EVERY === 0 || i === SESSIONS - 1);
    expect(worlds.map((d) => d.sessionKey)).toEqual(expected.map(sessionKey));
    expect(found.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    // Progress came while it walked (not only at the end) and ends with the totals.
    expect(reports.length).toBeGreaterThan(10);
    expect(reports.at(-1)).toMatchObject({ sessions: SESSIONS, dataDirs: found.dataDirs.length });
  });

  it('a deep link into the last session\'s run opens (#/run/<id>)', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, inProcess: true });
    try {
      const opened = await core.openPath(root);
      expect(opened.ok).toBe(true);
      const ref = await core.handlers['run.prepare']({ hash: '#/run/run_last_session' });
      expect(ref).toMatchObject({ ok: true, value: { runId: 'run_last_session', dataDir: join(root, '.little-harness', 'sessions', sessionKey(SESSIONS - 1), 'workflows') } });
      const detail = await core.handlers['run.detail']({ dataDir: join(root, '.little-harness', 'sessions', sessionKey(SESSIONS - 1), 'workflows'), runId: 'run_last_session' });
      expect(detail.ok).toBe(true);
    } finally {
      core.close();
    }
  }, 120_000);
});

describe('discovery of a root with 6,000 folders in one corner', () => {
  it('finds the data dir after the big folder; the cut level names exactly what it skipped', () => {
    const found = discover(wide, { countRuns: false });
    expect(found.dataDirs.map((d) => d.label)).toEqual(['z-project/.little-workflow']);
    const note = found.diagnostics.find((d) => d.code === 'discovery-stopped');
    expect(note?.severity).toBe('warning');
    // Level 3 holds the 6,000 f-folders: the bound looked into 5,000 of them; the 1,000 left are named by parent.
    expect(note?.detail).toMatchObject({ level: 3, skippedFolders: 6_000 - DEFAULT_FOLDERS_PER_LEVEL });
    const skippedIn = (note?.detail as { skippedIn: { path: string; count: number }[] }).skippedIn;
    expect(skippedIn.map((p) => p.path)).toContain(join(wide, 'a-big', 'b059'));
    expect(skippedIn.reduce((sum, p) => sum + p.count, 0)).toBe(6_000 - DEFAULT_FOLDERS_PER_LEVEL);
    expect(note?.message).toContain(`Skipped ${(6_000 - DEFAULT_FOLDERS_PER_LEVEL).toLocaleString('en-US')} folders at level 3`);
  });

  it('a root within the bound gets no note, and a narrower root finds what the cut skipped', () => {
    expect(discover(join(wide, 'z-project'), { countRuns: false }).diagnostics.filter((d) => d.code === 'discovery-stopped')).toEqual([]);
    expect(discover(join(wide, 'a-big', 'b059'), { countRuns: false }).dataDirs.map((d) => d.label)).toEqual(['f99/deep']);
  });

  it('`runs` lists what was found and says what was skipped', async () => {
    const result = await cli('runs', '--data-dir', wide);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run_after_the_big_folder');
    expect(result.stderr).toMatch(/warning: discovery-stopped: Skipped [\d,]+ folders at level 3/);
  });
});
