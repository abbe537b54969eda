/**
 * A fold beside its checks (library/checkpoints/fold-aside.ts) under test: the checks made in
 * this thread at once by the thread's own function (fold-checks.ts), optionally changed or
 * preceded by something (a write to the log, a thread that fails), and a reader that tells which
 * way a fold read: beside its checks and kept, thrown away and read again, or never tried.
 */
import type { ChecksAside } from '../../src-main/engine/fold-aside';
import { foldChecks, type FoldChecksAnswer, type FoldChecksJob } from '../../src-main/engine/fold-checks';
import type { DataDirReader } from '../../src-main/sources/little-workflow/store-types';

/** What the checks here may do besides checking: run something first, or change the answer. */
export type ChecksHereOptions = { before?: (job: FoldChecksJob) => void; answer?: (answer: FoldChecksAnswer) => FoldChecksAnswer };

/** Checks made here for every fold (no row threshold); `jobs`: what each fold asked. */
export function checksHere(options: ChecksHereOptions = {}): ChecksAside & { jobs: FoldChecksJob[] } {
  const jobs: FoldChecksJob[] = [];
  return {
    jobs,
    minRows: 0,
    start(job) {
      jobs.push(job);
      options.before?.(job);
      const checked = foldChecks(job);
      const answer = options.answer === undefined ? checked : options.answer(checked);
      return { peek: () => answer, wait: () => answer, close: () => undefined };
    },
  };
}

/** How a fold read, by the reads it asked of its reader. */
export type ReadWay = 'beside checks' | 'thrown away, read again' | 'without checks';

/**
 * `reader`, counting its sparse reads and its reads beside checks; `way()` says how the fold since
 * the last `way()` read. `readBeside`: another read beside the checks (one that fails).
 */
export function observedReader(reader: DataDirReader, readBeside = reader.readEventsOfTypes?.bind(reader)): DataDirReader & { way(): ReadWay } {
  let besides = 0;
  let sparse = 0;
  return {
    path: reader.path,
    format: reader.format,
    get recipe() {
      return reader.recipe;
    },
    listRuns: () => reader.listRuns(),
    readModelCallEvents: () => reader.readModelCallEvents(),
    readEvents: (...args) => reader.readEvents(...args),
    readEventKeys: (...args) => reader.readEventKeys(...args),
    readEventsSparse: (...args) => {
      sparse += 1;
      return reader.readEventsSparse!(...args);
    },
    readEventsOfTypes: (...args) => {
      besides += 1;
      return readBeside!(...args);
    },
    checkLeftOut: (...args) => reader.checkLeftOut!(...args),
    lastSequence: (...args) => reader.lastSequence!(...args),
    close: () => reader.close(),
    way() {
      const way: ReadWay = besides === 0 ? 'without checks' : sparse === 0 ? 'beside checks' : 'thrown away, read again';
      besides = 0;
      sparse = 0;
      return way;
    },
  };
}
