/**
 * Time travel on one big run, in this process the way the worker serves it: the run's head as
 * of a random event N (fold from the nearest snapshot at or below N, then the head's core),
 * and the lists after it (step rows, harness previews, timeline). The first move folds from the
 * start and leaves a snapshot at every boundary it passes (fold-snapshots.ts); the timed moves
 * then land on random N (seeded). A second pass makes the same moves as fresh processes do
 * (the CLI's `plan --at`): nothing in memory, checkpoints read back from the cache folder,
 * where one fold without snapshots left them. Then the same moves through the app's core
 * (time-travel-app.ts: worker and request gate included) and in a page of the built app
 * (e2e/perf/time-travel-page.ts: `serve`, the address, the frame that shows the head at N):
 * what a user meets.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededBatches } from '../../shared/compare/consistency';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { runDetailLists } from '../../shared/run/folded-run';
import { headOfFolded } from '../../shared/run/run-head';
import type { RunSummary } from '../../shared/library';
import { CheckpointStore } from '../../src-main/engine/checkpoint-store';
import { checkpointsOver, type Checkpoints } from '../../src-main/engine/fold-log';
import { loadRunDetailParts } from '../../src-main/engine/run-stages';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { movesInPage, type PageMoves } from '../../e2e/perf/time-travel-page';
import { median, seededShuffle } from './timing';
import { bareSelectRun } from './cli-report';
import { movesThroughApp, summariseAppMoves, type AppMove, type AppMoves } from './time-travel-app';

/** One move: ms to the head, ms to the lists after it. */
export type Move = { at: number; headMs: number; listsMs: number };

/** The moves' head and lists times; `forward`: how many moves went forward (their head median apart from the backward ones'). */
type MoveSummary = { headMedianMs: number; headMaxMs: number; listsMedianMs: number; forwardHeadMedianMs: number; backwardHeadMedianMs: number; forward: number; moves: Move[] };

/**
 * The page's moves against the floor: the bare SELECT + JSON.parse of the run's rows as a whole
 * process, just before and just after the moves (ms; the median of the two is the floor), and
 * the first move, the later moves' median and their max as ratios to it.
 */
export type PageFloor = { bareMs: number[]; firstMove: number; headMedian: number; headMax: number };

/** What the time-travel benchmark measured (ms). */
export type TimeTravelTiming = {
  events: number;
  firstMoveMs: number;
  memory: MoveSummary;
  disk: MoveSummary;
  /** Through the app's core, gate and worker: the library open, the first move (a full fold), then the same moves. */
  app: AppMoves & ReturnType<typeof byDirection> & { openMs: number; firstMove: AppMove };
  /**
   * In the page (browser mode, a just-started `serve`): the same moves by the address, each to the
   * frame showing the head at N; null when the app is not built or there is no Chromium.
   */
  page: (ReturnType<typeof byDirection> & { openMs: number; firstMoveMs: number; headMedianMs: number; headMaxMs: number; moves: PageMoves['moves']; floor: PageFloor }) | null;
  /** The in-memory moves' snapshots after the moves: how many, and their estimated bytes (fold-snapshots.ts). */
  snapshots: { count: number; estimatedMB: number };
  goalHeadMs: 300;
};

async function move(dataDir: string, runId: string, at: number, checkpoints: Checkpoints): Promise<Move> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const start = performance.now();
    const context = { summary: { runId, dataDir } as RunSummary, siblings: [], table: BUNDLED_PRICE_TABLE, upto: at };
    const parts = await loadRunDetailParts(reader.value, runId, context, checkpoints);
    if (!parts.ok) throw new Error(parts.error.message);
    headOfFolded(parts.value.folded, BUNDLED_PRICE_TABLE);
    const headMs = performance.now() - start;
    runDetailLists(parts.value.folded, BUNDLED_PRICE_TABLE);
    const listsMs = performance.now() - start - headMs;
    return { at, headMs, listsMs };
  } finally {
    reader.value.close();
  }
}

/** Head medians of the moves forward (N at or after the previous move's) and backward. */
export function byDirection(list: ReadonlyArray<{ at: number; headMs: number }>): { forwardHeadMedianMs: number; backwardHeadMedianMs: number; forward: number } {
  const forward = list.filter((m, i) => i > 0 && m.at >= list[i - 1].at).map((m) => m.headMs);
  const backward = list.filter((m, i) => i === 0 || m.at < list[i - 1].at).map((m) => m.headMs);
  return { forwardHeadMedianMs: forward.length ? median(forward) : 0, backwardHeadMedianMs: backward.length ? median(backward) : 0, forward: forward.length };
}

/** Measure `moves` random moves on `runId` of the data dir `dataDir` (`events` long), in this process and through the app. */
export async function measureTimeTravel(dataDir: string, runId: string, events: number, moves = 12): Promise<TimeTravelTiming> {
  const cache = mkdtempSync(join(tmpdir(), 'li-bench-tt-'));
  const appCache = mkdtempSync(join(tmpdir(), 'li-bench-tt-app-'));
  try {
    const memory = checkpointsOver(new CheckpointStore({ dir: cache }), undefined, { snapshots: true });
    const t = performance.now();
    await move(dataDir, runId, events, memory);
    const firstMoveMs = performance.now() - t;
    const targets: number[] = [];
    let at = 0;
    for (const size of seededBatches(events, 11, Math.ceil(events / moves))) targets.push((at = Math.min(events, at + size)));
    const shuffled = seededShuffle(targets, 17);
    const inMemory: Move[] = [];
    for (const n of shuffled) inMemory.push(await move(dataDir, runId, n, memory));
    const snapshots = { count: memory.snapshots!.size, estimatedMB: memory.snapshots!.heldBytes / 1e6 };
    // Fresh processes: nothing in memory, checkpoints read back from the cache folder, where a
    // fold without snapshots (the CLI's) leaves them at every boundary.
    await move(dataDir, runId, events, checkpointsOver(new CheckpointStore({ dir: cache })));
    const fromDisk: Move[] = [];
    for (const n of shuffled) fromDisk.push(await move(dataDir, runId, n, checkpointsOver(new CheckpointStore({ dir: cache }))));
    const summary = (list: Move[]) => ({
      headMedianMs: median(list.map((m) => m.headMs)),
      headMaxMs: Math.max(...list.map((m) => m.headMs)),
      listsMedianMs: median(list.map((m) => m.listsMs)),
      ...byDirection(list),
      moves: list,
    });
    // The same moves as a user makes them: the first at the end folds from the start.
    const app = await movesThroughApp(dirname(dataDir), runId, [events, ...shuffled], appCache);
    const [appFirst, ...appMoves] = app.moves;
    const page = await measurePage(dataDir, runId, [events, ...shuffled]);
    return {
      events,
      firstMoveMs,
      memory: summary(inMemory),
      disk: summary(fromDisk),
      app: { openMs: app.openMs, firstMove: appFirst, ...summariseAppMoves(appMoves), ...byDirection(appMoves) },
      page,
      snapshots,
      goalHeadMs: 300,
    };
  } finally {
    rmSync(cache, { recursive: true, force: true });
    rmSync(appCache, { recursive: true, force: true });
  }
}

/** The moves in a page of the built app on the data dir `dataDir`, with the floor just before and after (null without a build or a Chromium). */
async function measurePage(dataDir: string, runId: string, targets: readonly number[]): Promise<TimeTravelTiming['page']> {
  const built = join(__dirname, '..', '..', 'out', 'main', 'cli.js');
  if (!existsSync(built) || !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) return null;
  // The first bare read warms the page cache for the ones that count, as the app bench does.
  bareSelectRun(dataDir, runId);
  const bareMs = [bareSelectRun(dataDir, runId).ms];
  const { openMs, moves } = await movesInPage(dirname(dataDir), runId, targets);
  bareMs.push(bareSelectRun(dataDir, runId).ms);
  const [first, ...rest] = moves.map((m) => ({ at: m.at, headMs: m.ms }));
  const headMedianMs = median(rest.map((m) => m.headMs));
  const headMaxMs = Math.max(...rest.map((m) => m.headMs));
  const floorMs = median(bareMs);
  return {
    openMs,
    firstMoveMs: first.headMs,
    headMedianMs,
    headMaxMs,
    ...byDirection(rest),
    moves,
    floor: { bareMs, firstMove: first.headMs / floorMs, headMedian: headMedianMs / floorMs, headMax: headMaxMs / floorMs },
  };
}

/** The lines `npm run bench -- --only=time-travel` prints. */
export function formatTimeTravel(t: TimeTravelTiming): string[] {
  const row = (name: string, s: TimeTravelTiming['memory']) =>
    `  ${name.padEnd(36)} head median ${s.headMedianMs.toFixed(0)} ms, max ${s.headMaxMs.toFixed(0)} ms (${s.forward} moves forward: median ${s.forwardHeadMedianMs.toFixed(0)} ms; backward ${s.backwardHeadMedianMs.toFixed(0)} ms); lists after it median ${s.listsMedianMs.toFixed(0)} ms`;
  return [
    `Time travel on a ${t.events.toLocaleString('en-US')}-event run (random N, ${t.memory.moves.length} moves; goal: head < ${t.goalHeadMs} ms)`,
    `  first move (folds from the start, leaves snapshots): ${t.firstMoveMs.toFixed(0)} ms`,
    row('snapshots in memory', t.memory),
    `    ${t.snapshots.count} snapshots held, estimated ${t.snapshots.estimatedMB.toFixed(0)} MB`,
    row('fresh processes, checkpoints on disk', t.disk),
    `  through the app (core, request gate, worker; run.detail at N, then run.timeline, then run.findings):`,
    `    library open ${t.app.openMs.toFixed(0)} ms; first move ${t.app.firstMove.headMs.toFixed(0)} ms to the head, +${t.app.firstMove.listsMs.toFixed(0)} ms lists`,
    `    head median ${t.app.headMedianMs.toFixed(0)} ms, max ${t.app.headMaxMs.toFixed(0)} ms (${t.app.forward} forward: median ${t.app.forwardHeadMedianMs.toFixed(0)} ms; backward ${t.app.backwardHeadMedianMs.toFixed(0)} ms); lists after it median ${t.app.listsMedianMs.toFixed(0)} ms; findings after them median ${t.app.findingsMedianMs.toFixed(0)} ms`,
    t.page === null
      ? '  in the page: not measured (build the app and install Chromium)'
      : `  in the page (serve just started, a fresh page on the run; moves by the address, to the frame showing the head at N): overview ${t.page.openMs.toFixed(0)} ms; first move ${t.page.firstMoveMs.toFixed(0)} ms; then head median ${t.page.headMedianMs.toFixed(0)} ms, max ${t.page.headMaxMs.toFixed(0)} ms (${t.page.forward} forward: median ${t.page.forwardHeadMedianMs.toFixed(0)} ms; backward ${t.page.backwardHeadMedianMs.toFixed(0)} ms)\n    against the floor (bare SELECT + JSON.parse of the run's rows, a whole process, ${t.page.floor.bareMs.map((ms) => ms.toFixed(0)).join(' and ')} ms before and after): first move ${t.page.floor.firstMove.toFixed(2)}x, then median ${t.page.floor.headMedian.toFixed(2)}x, max ${t.page.floor.headMax.toFixed(2)}x`,
  ];
}
