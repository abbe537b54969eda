/**
 * Runs every row of `OPERATIONS` against a root: root operations once, data-dir operations
 * per discovered data dir, run operations per listed run (plus any runs the caller names,
 * so a data dir whose listing fails still gets its run-level reads). Each call is bounded:
 * an async hang loses a `Promise.race` against a timer, and a synchronous stall (which no
 * timer can interrupt) is caught afterwards by its measured duration.
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { createInspectorCore } from '../../src-main/core/inspector-core';
import { openAppState } from '../../src-main/app-state/app-state';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLibrary } from '../../src-main/library/load-library';
import { directCall, OPERATIONS, type ChannelCall, type Operation, type OpOutcome, type OpTarget } from './operations';
import type { InspectorCore } from '../../src-main/core/inspector-core';

/** One operation call and how it went; `hang` when it did not end within the hang bound. */
export type OpRecord = { op: string; target: string; outcome: OpOutcome | { kind: 'hang'; ms: number }; ms: number };

/** Knobs for {@link runOperations}. */
export type RunOperationsOptions = {
  /** Per-call hang bound in ms (default {@link HANG_MS}). */
  timeoutMs?: number;
  /** Runs to visit even when the library does not list them. */
  extraRuns?: { dataDir: string; runId: string }[];
  /** At most this many runs per data dir (default: all). */
  maxRunsPerDataDir?: number;
  /** Operations to leave out (the fuzz suite skips those marked `skipInFuzz`). */
  skip?: (op: Operation) => boolean;
  /** The transport (default: straight into the core's handlers). */
  call?: (core: InspectorCore) => ChannelCall;
};

/**
 * When an operation has hung: 30 s. A hang guard, not a speed check (timing is `npm run bench`'s):
 * at 5 s a library.open under a load of 9 on two cores passed for a hang in 11 of 300 fuzz cases.
 */
export const HANG_MS = 30_000;

/** Run every operation on `root`; never throws for product failures (they are outcomes). */
export async function runOperations(root: string, options: RunOperationsOptions = {}): Promise<OpRecord[]> {
  const timeoutMs = options.timeoutMs ?? HANG_MS;
  // A temp state folder: notes are really written (to it), so the proof covers them too.
  const stateDir = mkdtempSync(join(tmpdir(), 'li-ops-state-'));
  const state = openAppState(stateDir);
  if (!state.ok) throw new Error(state.error.message);
  const core = createInspectorCore({ mode: 'browser', initialPath: null, logError: () => undefined, state: state.value });
  const call = (options.call ?? directCall)(core);
  const { dataDirs, runs } = targetsOf(root, options);
  const records: OpRecord[] = [];
  const exec = async (scope: 'root' | 'data-dir' | 'run', target: OpTarget, label: string) => {
    for (const op of OPERATIONS.filter((o) => o.scope === scope && !options.skip?.(o))) {
      // OPS_TRACE=1 names each operation as it starts: a synchronous hang shows where it sits.
      if (process.env.OPS_TRACE) process.stderr.write(`OP ${op.name} ${label}\n`);
      records.push({ op: op.name, target: label, ...(await bounded(() => op.run(call, target), timeoutMs)) });
    }
  };
  try {
    await exec('root', { root, dataDir: root, runId: '' }, root);
    for (const dataDir of dataDirs) await exec('data-dir', { root, dataDir, runId: '' }, dataDir);
    for (const run of runs) await exec('run', { root, ...run }, `${run.dataDir}#${run.runId}`);
  } finally {
    // The core's live observer polls the opened library until closed.
    core.close();
    // The state folder is this run's own: no temp folder stays behind per run (the fuzz makes one a case).
    rmSync(stateDir, { recursive: true, force: true });
  }
  return records;
}

function targetsOf(root: string, options: RunOperationsOptions): { dataDirs: string[]; runs: { dataDir: string; runId: string }[] } {
  let listed: { dataDirs: string[]; runs: { dataDir: string; runId: string }[] } = { dataDirs: [], runs: [] };
  try {
    const library = loadLibrary(root, BUNDLED_PRICE_TABLE);
    if (library.ok) listed = { dataDirs: library.value.dataDirs.map((d) => d.path), runs: library.value.runs.map((r) => ({ dataDir: r.dataDir, runId: r.runId })) };
  } catch {
    // The loadLibrary operation itself records the crash; targets fall back to the caller's.
  }
  const runs = new Map<string, { dataDir: string; runId: string }>();
  const perDir = new Map<string, number>();
  for (const run of [...listed.runs, ...(options.extraRuns ?? [])]) {
    const count = perDir.get(run.dataDir) ?? 0;
    if (count >= (options.maxRunsPerDataDir ?? Infinity)) continue;
    const key = `${run.dataDir}\n${run.runId}`;
    if (runs.has(key)) continue;
    perDir.set(run.dataDir, count + 1);
    runs.set(key, run);
  }
  const dataDirs = new Set([...listed.dataDirs, ...(options.extraRuns ?? []).map((r) => r.dataDir)]);
  return { dataDirs: [...dataDirs], runs: [...runs.values()] };
}

/**
 * Run `fn` with a hang bound; a throw is a crash outcome. Past the bound it is a hang, also when
 * it did end: a synchronous spin blocks the timer, so only its length gives it away.
 */
export async function bounded(fn: () => Promise<OpOutcome>, timeoutMs: number): Promise<{ outcome: OpRecord['outcome']; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([fn(), timeout]);
    const ms = Math.round(performance.now() - started);
    if (outcome === 'timeout' || ms > timeoutMs) return { outcome: { kind: 'hang', ms }, ms };
    return { outcome, ms };
  } catch (error) {
    return { outcome: { kind: 'crash', message: `threw ${(error as Error)?.stack ?? String(error)}`.slice(0, 600) }, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
