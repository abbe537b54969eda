/**
 * Read a run's log without holding main's event loop: the synchronous SQLite iterator is
 * drained in slices, yielding between them, so IPC and HTTP keep flowing on big runs.
 */
import type { DataDirReader } from './store-types';
import { addRead, type RunLog } from './run-check';

/** Events per slice: about 10-20 ms of decoding on these machines. */
export const SLICE = 2000;

/** Let queued I/O and timers run. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The whole log of `runId`, read in slices. */
export async function readRunLogAsync(reader: DataDirReader, runId: string, afterSequence = 0): Promise<RunLog> {
  const log: RunLog = { events: [], undecodable: [], readFailures: [] };
  let sinceYield = 0;
  for (const read of reader.readEvents(runId, afterSequence)) {
    addRead(log, read);
    if (++sinceYield >= SLICE) {
      sinceYield = 0;
      await yieldToLoop();
    }
  }
  return log;
}
