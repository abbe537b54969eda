/**
 * Time travel as a user meets it: the app's core (the one browser mode and Electron serve) with
 * its worker thread, moves asked through the request gate as the renderer asks them —
 * `run.detail` with `at` (the head: what the overview shows), then `run.timeline` (the lists
 * built), then `run.findings` (the integrity check) before the next move, as a user who looks
 * at each state. Checkpoints live in a fresh cache folder; the first move folds from the start.
 */
import { performance } from 'node:perf_hooks';
import type { RunRef } from '../../shared/run/run-detail-types';
import { createInspectorCore } from '../../src-main/core/inspector-core';
import { invokeChannel } from '../../src-main/library/invoke-channel';
import { median } from './timing';

/** One move through the app: ms to the head, then to the lists, then to the findings. */
export type AppMove = { at: number; headMs: number; listsMs: number; findingsMs: number };

/** The moves' summary. */
export type AppMoves = { headMedianMs: number; headMaxMs: number; listsMedianMs: number; findingsMedianMs: number; moves: AppMove[] };

/** Summarise `moves`. */
export function summariseAppMoves(moves: AppMove[]): AppMoves {
  return {
    headMedianMs: median(moves.map((m) => m.headMs)),
    headMaxMs: Math.max(...moves.map((m) => m.headMs)),
    listsMedianMs: median(moves.map((m) => m.listsMs)),
    findingsMedianMs: median(moves.map((m) => m.findingsMs)),
    moves,
  };
}

/** Open `root` in a fresh core with `cacheDir`, then move `runId` of `dataDir` to each of `targets` in turn. */
export async function movesThroughApp(root: string, runId: string, targets: readonly number[], cacheDir: string): Promise<{ openMs: number; moves: AppMove[] }> {
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, cacheDir });
  const log = (message: string) => console.error(`[bench] ${message}`);
  const ask = async (channel: string, ref: RunRef): Promise<void> => {
    const answer = await invokeChannel(core.handlers, channel, ref, log);
    if (!answer.ok) throw new Error(`${channel} at ${ref.at}: ${answer.error.message}`);
  };
  try {
    const t = performance.now();
    const opened = await core.openPath(root);
    if (!opened.ok) throw new Error(opened.error.message);
    const openMs = performance.now() - t;
    const dataDir = opened.value.runs.find((r) => r.runId === runId)?.dataDir;
    if (dataDir === undefined) throw new Error(`run ${runId} not in the opened library`);
    const moves: AppMove[] = [];
    for (const at of targets) {
      const ref = { dataDir, runId, at };
      const start = performance.now();
      await ask('run.detail', ref);
      const headMs = performance.now() - start;
      await ask('run.timeline', ref);
      const listsMs = performance.now() - start - headMs;
      await ask('run.findings', ref);
      const findingsMs = performance.now() - start - headMs - listsMs;
      moves.push({ at, headMs, listsMs, findingsMs });
    }
    return { openMs, moves };
  } finally {
    core.close();
  }
}
