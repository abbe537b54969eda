/**
 * Keeps the library snapshot's run list current while runs grow: a live run summary patched
 * onto the run-list row computed at load time (event count, last event, status, costs, crash).
 * Shared: main patches its snapshot with it, and the renderer overlays pushed summaries on rows
 * between two snapshots.
 */
import type { LiveRunSummary, RunEndReason } from './live-types';
import type { LibrarySnapshot, RunSummary } from '../library';
import { runKey } from '../run/run-key';

/** The run-list row of `live`, based on the row of the last load (`base`) when there is one. */
export function patchRunSummary(base: RunSummary | undefined, live: LiveRunSummary, ended?: RunEndReason): RunSummary {
  const crashed = live.phase === 'crashed';
  const verdict = crashed
    ? 'run lock owner process is dead (seen by the live observer)'
    : live.phase === 'active'
      ? 'running: new events are being committed (live)'
      : ended === 'stopped'
        ? 'the run lock was released without a run terminal'
        : null;
  // The load's in-flight count describes the log as it was then; the live fold's cost replaces the load's.
  const { inFlightCalls: _then, unpricedCalls: _unpriced, ...kept } = base ?? ({} as Partial<RunSummary>);
  const fresh: RunSummary = base ? (kept as RunSummary) : {
    runId: live.runId,
    dataDir: live.dataDir,
    status: live.status,
    statusInferred: false,
    crashed: false,
    verdict: null,
    eventCount: 0,
    startedAt: live.startedAt,
    finishedAt: null,
    lastEventType: null,
    parentRunId: null,
    outerLoopId: null,
    workflowVersionId: null,
    label: null,
    tags: [],
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  const folded = live.foldError === null;
  // A loopctl row's "running" is inferred from a missing run.ended; the live tail sees it arrive.
  const loopctl = fresh.source === 'loopctl';
  const terminal = live.status === 'completed' || live.status === 'failed';
  return {
    ...fresh,
    status: !loopctl && (fresh.statusInferred || !folded) ? fresh.status : live.status,
    ...(loopctl ? { statusInferred: live.phase === 'active' } : {}),
    crashed,
    verdict: terminal && folded ? null : verdict,
    eventCount: live.eventCount,
    lastSequence: live.lastSequence,
    lastEventType: live.lastEventType,
    finishedAt: terminal && folded ? (live.finishedAt ?? live.lastEventAt) : null,
    ...(folded
      ? { inputTokens: live.inputTokens, outputTokens: live.outputTokens, costUsd: live.costUsd, ...(live.unpricedCalls ? { unpricedCalls: live.unpricedCalls } : {}) }
      : base?.unpricedCalls
        ? { unpricedCalls: base.unpricedCalls }
        : {}),
  };
}

/** A new snapshot with `patches` applied (rows matched by data dir and run id); unknown runs are appended. */
export function patchSnapshot(snapshot: LibrarySnapshot, patches: Iterable<{ live: LiveRunSummary; ended?: RunEndReason; removed?: boolean }>): LibrarySnapshot {
  const rows = new Map(snapshot.runs.map((run) => [runKey(run.dataDir, run.runId), run]));
  for (const patch of patches) {
    const k = runKey(patch.live.dataDir, patch.live.runId);
    if (patch.removed) rows.delete(k);
    else rows.set(k, patchRunSummary(rows.get(k), patch.live, patch.ended));
  }
  const runs = [...rows.values()];
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(run.dataDir, (counts.get(run.dataDir) ?? 0) + 1);
  return { ...snapshot, runs, dataDirs: snapshot.dataDirs.map((dir) => ({ ...dir, runCount: counts.get(dir.path) ?? 0 })) };
}
