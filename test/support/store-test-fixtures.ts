/**
 * Test-only helpers: build small data dirs with the one event-log writer in a child process
 * (test/support/sqlite-writer.ts) on better-sqlite3 (Node 20) or node:sqlite (Node 22, where
 * the better-sqlite3 build does not load), and hash trees to prove a read changed nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSqliteWriter, type WriterEngine, type WriterEvent } from './sqlite-writer';

/** One event to write; `payloadText` overrides `payload` to store undecodable text. */
export type FixtureEvent = WriterEvent;

export type { WriterEngine } from './sqlite-writer';

/** A fresh folder in os.tmpdir(). */
export function tempRoot(prefix = 'li-store-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A writer process holding events.db open in WAL mode. */
export type LiveWriter = {
  child: ChildProcess;
  /** Append `events` (each `repeat` times) in one transaction. */
  append(events: FixtureEvent[]): Promise<void>;
  /** Close the connection cleanly (checkpoint, remove -wal/-shm) and exit. */
  closeCleanly(): Promise<void>;
  /** SIGKILL: leaves -wal and -shm behind. */
  kill(): Promise<void>;
};

/** Start a writer on `<dataDir>/events/events.db`; events are stamped 2026-01-01 plus their sequence in ms. */
export async function startWriter(dataDir: string, engine: WriterEngine = 'better-sqlite3'): Promise<LiveWriter> {
  const writer = await startSqliteWriter(dataDir, { engine, clock: 'fixed' });
  return { child: writer.child, append: (events) => writer.append(events, { oneTransaction: true }), closeCleanly: writer.closeCleanly, kill: writer.kill };
}

/** Write `events` and close cleanly: the cleanly-closed state (no -wal, no -shm). */
export async function writeClosedDataDir(dataDir: string, events: FixtureEvent[], engine?: WriterEngine): Promise<void> {
  const writer = await startWriter(dataDir, engine);
  await writer.append(events);
  await writer.closeCleanly();
}

/** Write `events` and SIGKILL the writer: the crashed state (-wal and -shm left behind). */
export async function writeCrashedDataDir(dataDir: string, events: FixtureEvent[], engine?: WriterEngine): Promise<void> {
  const writer = await startWriter(dataDir, engine);
  await writer.append(events);
  await writer.kill();
}

export { hashTree } from './hash-tree';

/** A little-workflow-shaped run: RunStarted, a step, a model call, RunCompleted. */
export function sampleRun(runId: string, extra: Record<string, unknown> = {}): FixtureEvent[] {
  return [
    { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_abc', label: 'nightly', tags: ['a', 7, 'b'], ...extra } },
    { runId, type: 'StepScheduled', payload: { stepPath: 'draft', stepId: 'draft', uses: 'ai.generate' } },
    { runId, type: 'harness.model.responded', occurrenceId: 'evt_lx_0123456789ab', payload: { callId: 'c1', usage: { inputTokens: 10, outputTokens: 5 } } },
    { runId, type: 'RunCompleted', payload: { workflowVersionId: 'wfver_abc', output: { ok: true } } },
  ];
}
