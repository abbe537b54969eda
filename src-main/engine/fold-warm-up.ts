/**
 * A fresh worker thread folds a bundled example run (warm-up-log.ts) while it has nothing to do, so the
 * first run a user opens is folded by compiled code. A thread's first fold runs the read, the
 * fold and the harness view through V8's interpreter and baseline tiers while the optimising
 * compiler works on other threads, which a page loading in the browser also wants. On the
 * 200,000-event run, six fresh processes each way, interleaved: the fold took 1852 ms on average
 * after the warm-up against 1999 ms without (CPU 2308 against 2524 ms); through the worker pool
 * (the library load, 0.7 s idle, then the run), its head came after 2103 against 2251 ms and its
 * lists after 4338 against 4664 ms.
 *
 * It goes through the path a run's detail takes to its head (the checkpointing fold over a reader,
 * the crash boundary, the head), over rows held in memory (the bundled log, read once): nothing
 * is written, and nothing of the fold is kept. It stops between slices as soon as `stop()` says a request
 * came (it yields every WARM_UP_SLICE_ROWS rows). The lists are left out: built in one piece (~0.1 s cold for a 10,000-event run), they could
 * hold up a request that came meanwhile, and the overview does not wait for them.
 */
import { ok } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { headOfFolded } from '../../shared/run/run-head';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import { foldLogAsync } from './fold-log';
import { decodeEventRow } from '../sources/little-workflow/event-rows';
import { summariseRun } from '../sources/little-workflow/run-rows';
import { yieldToLoop } from '../sources/little-workflow/in-slices';
import type { DataDirReader, EventRead } from '../sources/little-workflow/store-types';
import type { WarmUpLog, WarmUpRow } from './warm-up-log';

/** How a warm-up ended: every stage ran, or `stop()` cut it short. */
export type WarmUpOutcome = 'done' | 'stopped';

/**
 * Rows the warm-up folds between two yields to the event loop, where a run's fold yields every
 * 2,000: a request that comes meanwhile waits ~4 ms (median), ~30 ms at most (the first, cold
 * slices and the head), over the ~0.25 s the warm-up takes in-process.
 */
export const WARM_UP_SLICE_ROWS = 250;

/** Fold the warm-up run `log` priced with `table`, then cut its head; stops once `stop()` is true. */
export async function warmUpFold(table: PriceTable, stop: () => boolean, log: WarmUpLog): Promise<WarmUpOutcome> {
  const read = new MemoryRead(log.rows, stop);
  const fold = await foldLogAsync({ reader: read.reader(), runId: log.runId, table, mode: 'detail', checkpoints: null, leave: 'tail', deferTail: true, sliceRows: WARM_UP_SLICE_ROWS });
  if (stop() || read.first === null || read.last === null) return 'stopped';
  await yieldToLoop();
  if (stop()) return 'stopped';
  headOfFolded(fold.accumulator.folded(warmUpFacts(log.runId, read.first, read.last)), table);
  return 'done';
}

/** One read of `rows` (the warm-up run) through a reader, ending early once `stop()` is true; notes its first and last rows. */
class MemoryRead {
  first: WarmUpRow | null = null;
  last: WarmUpRow | null = null;

  constructor(
    private readonly rows: Iterable<WarmUpRow>,
    private readonly stop: () => boolean,
  ) {}

  *events(runId: string): Generator<EventRead> {
    for (const row of this.rows) {
      if (this.stop()) return;
      this.first ??= row;
      this.last = row;
      yield decodeEventRow(runId, row);
    }
  }

  // A fold without checkpoints reads the run once, from its start, with `readEvents` alone.
  reader(): DataDirReader {
    return {
      path: '(warm-up)',
      format: 'sqlite',
      recipe: null,
      listRuns: () => ok({ runs: [], diagnostics: [] }),
      readModelCallEvents: () => [],
      // Every payload parsed whatever the needs (a reader may ignore them: shared/events/payload-needs.ts).
      readEvents: (runId) => this.events(runId),
      readEventKeys: () => null,
      close: () => {},
    };
  }
}

/** The facts a run's detail is folded with, for the warm-up run: its row as the library makes it, no lock, nothing pending. */
function warmUpFacts(runId: string, first: WarmUpRow, last: WarmUpRow): RunModelFacts {
  const dataDir = '(warm-up)';
  const summary = summariseRun(
    dataDir,
    {
      runId,
      eventCount: last[0],
      maxSequence: last[0],
      firstRecordedAt: first[4],
      lastRecordedAt: last[4],
      lastEventType: last[2],
      status: 'completed',
      parentRunId: null,
      outerLoopId: null,
      workflowVersionId: null,
      label: null,
      tags: [],
    },
    null,
  );
  return {
    ref: { dataDir, runId },
    summary,
    subRunStatuses: {},
    lock: { state: 'none', pid: null, createdAt: null },
    lockOwner: 'none',
    pendingCycle: {},
    undecodableSequences: [],
    now: new Date(),
  };
}
