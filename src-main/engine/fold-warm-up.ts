/**
 * A fresh worker thread folds a made-up run (warm-up-log.ts) while it has nothing to do, so the
 * first run a user opens is folded by compiled code. A thread's first fold runs the read, the
 * fold and the harness view through V8's interpreter and baseline tiers while the optimising
 * compiler works on other threads, which a page loading in the browser also wants. On the
 * 200,000-event run, six fresh processes each way, interleaved: the fold took 1852 ms on average
 * after the warm-up against 1999 ms without (CPU 2308 against 2524 ms); through the worker pool
 * (the library load, 0.7 s idle, then the run), its head came after 2103 against 2251 ms and its
 * lists after 4338 against 4664 ms.
 *
 * It goes through the path a run's detail takes to its head (the checkpointing fold over a reader,
 * the crash boundary, the head), over rows held in memory: nothing is read from or written to
 * disk, and nothing of it is kept. It stops between slices as soon as `stop()` says a request
 * came (it yields every WARM_UP_SLICE_ROWS rows). The lists are left out: built in one piece (~0.1 s cold for the made-up run), they could
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
import { WARM_UP_RUN_ID, warmUpRows, type WarmUpRow } from './warm-up-log';

/**
 * Events the made-up run holds: ~0.25 s of one core in-process, 0.3-0.6 s in `serve` right after
 * its library load. A 3,000-event warm-up saved nothing measurable; 20,000 events, or the run
 * folded twice, still ran when a page opened straight after `serve` started and did no better.
 */
export const WARM_UP_EVENTS = 10_000;

/** How a warm-up ended: every stage ran, or `stop()` cut it short. */
export type WarmUpOutcome = 'done' | 'stopped';

/**
 * Rows the warm-up folds between two yields to the event loop, where a run's fold yields every
 * 2,000: a request that comes meanwhile waits ~4 ms (median), ~30 ms at most (the first, cold
 * slices and the head), over the ~0.25 s the warm-up takes in-process.
 */
export const WARM_UP_SLICE_ROWS = 250;

/** Fold the made-up run of `events` events priced with `table`, then cut its head; stops once `stop()` is true. */
export async function warmUpFold(table: PriceTable, stop: () => boolean, events = WARM_UP_EVENTS): Promise<WarmUpOutcome> {
  const read = new MemoryRead(warmUpRows(events), stop);
  const fold = await foldLogAsync({ reader: read.reader(), runId: WARM_UP_RUN_ID, table, mode: 'detail', checkpoints: null, leave: 'tail', deferTail: true, sliceRows: WARM_UP_SLICE_ROWS });
  if (stop() || read.first === null || read.last === null) return 'stopped';
  await yieldToLoop();
  if (stop()) return 'stopped';
  headOfFolded(fold.accumulator.folded(warmUpFacts(read.first, read.last)), table);
  return 'done';
}

/** One read of `rows` (the made-up run) through a reader, ending early once `stop()` is true; notes its first and last rows. */
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

/** The facts a run's detail is folded with, for the made-up run: its row as the library makes it, no lock, nothing pending. */
function warmUpFacts(first: WarmUpRow, last: WarmUpRow): RunModelFacts {
  const dataDir = '(warm-up)';
  const summary = summariseRun(
    dataDir,
    {
      runId: WARM_UP_RUN_ID,
      eventCount: last[0],
      maxSequence: last[0],
      firstRecordedAt: first[4],
      lastRecordedAt: last[4],
      lastEventType: last[2],
      status: 'completed',
      parentRunId: null,
      outerLoopId: null,
      workflowVersionId: 'wfver_warmup',
      label: null,
      tags: [],
    },
    null,
  );
  return {
    ref: { dataDir, runId: WARM_UP_RUN_ID },
    summary,
    subRunStatuses: {},
    lock: { state: 'none', pid: null, createdAt: null },
    lockOwner: 'none',
    pendingCycle: {},
    undecodableSequences: [],
    now: new Date(),
  };
}
