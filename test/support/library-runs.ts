/** Hand-built and synthetic run summaries for the library's unit tests. */
import type { DataDirInfo, RunSummary } from '../../shared/library';

/** A completed, priced run in `/d/a`; override anything. */
export function run(runId: string, over: Partial<RunSummary> = {}): RunSummary {
  return {
    runId,
    dataDir: '/d/a',
    status: 'completed',
    statusInferred: false,
    crashed: false,
    verdict: null,
    eventCount: 10,
    startedAt: '2026-11-20T09:00:00.000Z',
    finishedAt: '2026-11-20T09:00:05.000Z',
    lastEventType: 'RunCompleted',
    parentRunId: null,
    outerLoopId: null,
    workflowVersionId: 'wfver_a',
    label: null,
    tags: [],
    inputTokens: 100,
    outputTokens: 10,
    costUsd: 0.001,
    ...over,
  };
}

/** A data dir at `path`. */
export function dir(path: string, over: Partial<DataDirInfo> = {}): DataDirInfo {
  return { path, label: path.slice(1), kind: 'workflow', format: 'sqlite', sessionKey: null, runCount: 0, diagnostics: [], ...over };
}

/** `n` varied runs over 20 data dirs, with sub-runs and outer loops, for scale tests. */
export function syntheticRuns(n: number): { runs: RunSummary[]; dataDirs: DataDirInfo[] } {
  const dataDirs = Array.from({ length: 20 }, (_, i) => dir(`/d/dir${i}`));
  const statuses = ['completed', 'failed', 'running', 'pending'] as const;
  const runs: RunSummary[] = [];
  for (let i = 0; i < n; i += 1) {
    const parent = i % 10 === 3 ? `run_${i - 1}` : null;
    runs.push(
      run(`run_${i}`, {
        dataDir: dataDirs[i % 20].path,
        status: statuses[i % 4],
        crashed: i % 17 === 0,
        eventCount: (i * 7919) % 5000,
        startedAt: new Date(Date.UTC(2026, 10, 1) + ((i * 104729) % 2_000_000_000)).toISOString(),
        costUsd: i % 5 === 0 ? null : ((i * 31) % 1000) / 1000,
        parentRunId: parent === null ? null : `run_${i - 20}`,
        outerLoopId: i % 50 === 7 ? `ol_${i % 200}` : null,
        label: i % 9 === 0 ? `label ${i % 30}` : null,
        tags: i % 13 === 0 ? ['nightly'] : [],
        workflowVersionId: `wfver_${i % 6}`,
      }),
    );
  }
  return { runs, dataDirs };
}
