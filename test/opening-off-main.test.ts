/**
 * Opening never blocks (issue 30 item 4): an open's walk runs on a thread of its own, reports
 * progress while it walks (pushes that main can only deliver while its event loop turns), can be
 * cancelled from the UI's channel (the thread is ended, the open answers `cancelled`, the library
 * stays as it was), and a big folder with no data dir gets a quick, clear answer.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningProgress, PushMessage } from '../shared/contract';
import { createInspectorCore, type InspectorCore } from '../src-main/core/inspector-core';
import { createLibrary } from '../src-main/library/library';
import { createRunDetailPool } from '../src-main/workers/run-detail-pool';
import { discoveryIn } from '../src-main/workers/discovery-thread';
import { sampleRun, writeClosedDataDir } from './support/store-test-fixtures';

let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'li-opening-'));
  // A folder of 4,000 empty folders (no data dir), and a project beside it.
  for (let i = 0; i < 40; i += 1) for (let j = 0; j < 100; j += 1) mkdirSync(join(root, 'big', `d${i}`, `e${j}`), { recursive: true });
  await writeClosedDataDir(join(root, 'project', '.little-workflow'), sampleRun('run_opened'));
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function threadCore(): { core: InspectorCore; progress: OpeningProgress[] } {
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, discovery: 'thread' });
  const progress: OpeningProgress[] = [];
  core.subscribe((message: PushMessage) => void (message.kind === 'library.opening' && progress.push(message.progress)));
  return { core, progress };
}

/** The in-process pool (`real`) and a pool over it whose library reads after the first `free` wait for `release()`. */
function heldPool(free: number) {
  const real = createRunDetailPool({ useWorker: false });
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  let reads = 0;
  const pool = { ...real, library: async (...args: Parameters<typeof real.library>) => (reads++ < free ? real.library(...args) : (await held, real.library(...args))) };
  return { real, pool, release: () => release() };
}

describe('opening off main', () => {
  it('walks on its own thread with progress pushes before the answer, then reads what it found', async () => {
    const { core, progress } = threadCore();
    try {
      const opened = await core.handlers['library.open']({ path: root });
      expect(opened.ok).toBe(true);
      expect(opened.ok && opened.value.runs.map((r) => r.runId)).toEqual(['run_opened']);
      const walking = progress.filter((p) => p.phase === 'discovering');
      expect(walking.length).toBeGreaterThan(3);
      expect(walking.at(-1)).toMatchObject({ path: root, dataDirs: 1 });
      expect(walking.at(-1)!.folders).toBeGreaterThan(4_000);
      expect(progress.at(-1)).toMatchObject({ phase: 'reading', dataDirs: 1 });
      expect(await core.handlers['library.cancelOpen']({})).toEqual({ ok: true, value: false });
    } finally {
      core.close();
    }
  }, 60_000);

  it('a cancel from the UI ends the walk: the open answers `cancelled`, the library stays as it was', async () => {
    const { core, progress } = threadCore();
    try {
      const first = await core.handlers['library.open']({ path: join(root, 'project') });
      expect(first.ok).toBe(true);
      const before = progress.length;
      const opening = core.handlers['library.open']({ path: root });
      // Cancel as soon as the walk has reported (it is under way on its thread).
      while (progress.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await core.handlers['library.cancelOpen']({})).toEqual({ ok: true, value: true });
      const answer = await opening;
      expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      const current = await core.handlers['library.current']({});
      expect(current.ok && current.value?.root).toBe(join(root, 'project'));
    } finally {
      core.close();
    }
  }, 60_000);

  it('a cancel while the runs are read answers at once, the load still under way; the library stays', async () => {
    // The pool's read of the runs is held until the test lets it go: the cancel must not wait for it.
    const { pool, release } = heldPool(1);
    const pushes: OpeningProgress[] = [];
    const library = createLibrary({ publish: (m) => void (m.kind === 'library.opening' && pushes.push(m.progress)), pool, live: false, logError: () => {}, discover: discoveryIn('in-process') });
    try {
      expect((await library.open(join(root, 'project'))).ok).toBe(true);
      const opening = library.open(root);
      while (!pushes.some((p) => p.phase === 'reading' && p.path === root)) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(library.cancelOpen()).toBe(true);
      expect(await opening).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(library.snapshot()?.root).toBe(join(root, 'project'));
      release();
    } finally {
      release();
      library.close();
    }
  }, 60_000);

  it('library.current waits for the open under way (serve answers before its first open ends), then gives its snapshot or its failure', async () => {
    const { real, pool, release } = heldPool(0);
    const library = createLibrary({ publish: () => {}, pool, live: false, logError: () => {}, discover: discoveryIn('in-process') });
    try {
      const opening = library.open(join(root, 'project'));
      let answered = false;
      const current = library.current().then((answer) => ((answered = true), answer));
      // The run and session channels wait for a first open the same way (inspector-core).
      let firstOpened = false;
      const first = library.firstOpen().then(() => void (firstOpened = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([answered, firstOpened]).toEqual([false, false]);
      release();
      expect((await opening).ok).toBe(true);
      await first;
      expect(firstOpened).toBe(true);
      const answer = await current;
      expect(answer.ok && answer.value?.root).toBe(join(root, 'project'));
      // Nothing open before a failed open: current says why.
      const fresh = createLibrary({ publish: () => {}, pool: real, live: false, logError: () => {}, discover: discoveryIn('in-process') });
      const failing = fresh.open(join(root, 'nope'));
      expect(await fresh.current()).toMatchObject({ ok: false, error: { code: 'path-not-found' } });
      await failing;
      fresh.close();
    } finally {
      release();
      library.close();
    }
  }, 60_000);

  it('a big folder with no data dir: a clear answer saying how much was looked into', async () => {
    const { core } = threadCore();
    try {
      const answer = await core.handlers['library.open']({ path: join(root, 'big') });
      expect(answer).toMatchObject({ ok: false, error: { code: 'not-a-data-dir' } });
      expect(!answer.ok && answer.error.message).toMatch(/looked into 4,041 folders/);
    } finally {
      core.close();
    }
  }, 60_000);
});
