/**
 * The fold before sparse reads, to compare against: a reader that hands over every row
 * (`readEvents` only, no `readEventsSparse`), and what a fold in mode 'fold' answers, as data.
 */
import type { FoldOutcome } from '../../src-main/engine/fold-log';
import type { DataDirReader } from '../../src-main/sources/little-workflow/store-types';

/** `reader` without readEventsSparse: every row comes, so the fold reads each one. */
export function everyRowReader(reader: DataDirReader): DataDirReader {
  return {
    path: reader.path,
    format: reader.format,
    recipe: reader.recipe,
    listRuns: () => reader.listRuns(),
    readModelCallEvents: (...args) => reader.readModelCallEvents(...args),
    readEvents: (...args) => reader.readEvents(...args),
    readEventKeys: (...args) => reader.readEventKeys(...args),
    close: () => reader.close(),
  };
}

/** What `little report`/`replay` print or fail with after `fold`, and what its read left. */
export function foldView(fold: FoldOutcome) {
  return {
    state: JSON.parse(JSON.stringify(fold.accumulator.state())) as unknown,
    strictError: fold.accumulator.strictError(),
    firstNullPayload: fold.accumulator.firstNullPayload(),
    sequence: fold.accumulator.sequence,
    count: fold.accumulator.count,
    undecodable: fold.undecodable,
    readFailures: fold.readFailures,
  };
}
