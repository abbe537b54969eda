/**
 * Test and benchmark helper: the writer child of sqlite-writer.ts on the wall clock (one
 * commit per append like `appendEvent`; it can also truncate a run, checkpoint with TRUNCATE
 * and run a paced load), and a small foldable run to feed it.
 */
import { startSqliteWriter, type SqliteWriter, type WriterEvent } from './sqlite-writer';

export type { LoadResult, LoadSpec, WriterEvent } from './sqlite-writer';

/** A running writer child. */
export type ScriptWriter = SqliteWriter;

/** Start a writer on `<dataDir>/events/events.db` (created if needed); events without `recordedAt` get the wall clock. */
export function startScriptWriter(dataDir: string): Promise<ScriptWriter> {
  return startSqliteWriter(dataDir, { clock: 'wall' });
}

/** A small foldable run: RunStarted, `steps` steps (scheduled, started, completed), RunCompleted when `complete`. */
export function simpleRun(runId: string, steps: number, complete: boolean, tag = ''): WriterEvent[] {
  const events: WriterEvent[] = [{ runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_t', label: `test${tag}` } }];
  for (let i = 0; i < steps; i += 1) {
    const stepPath = `step_${i}${tag}`;
    events.push({ runId, type: 'StepScheduled', payload: { stepPath } });
    events.push({ runId, type: 'StepAttemptStarted', payload: { stepPath, attemptId: 'attempt_1' } });
    events.push({ runId, type: 'StepCompleted', payload: { stepPath, output: { i } } });
  }
  if (complete) events.push({ runId, type: 'RunCompleted', payload: { output: { ok: true } } });
  return events;
}
