/**
 * The checks of a fold beside its checks (fold-aside.ts), made on a reader of their own: the one
 * the thread `workers/fold-checks-worker.ts` opens, while the fold's thread reads and folds the
 * rows of the types it reads. They are what the sparse read checks in SQL before it leaves rows
 * out (the sequence proof, no misfit row: `DataDirReader.checkLeftOut`) and, for a fold that keeps
 * digests, the slices' keys its digest chains (`readEventKeys`, the ranges `settleKeys` asks for).
 */
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { chainDigest } from './log-digests';

/** What to check: the run's rows in (after, upto] of the data dir; `keysEvery`: the slice length when digests are wanted, else null. */
export type FoldChecksJob = { dataDir: string; runId: string; after: number; upto: number | null; types: string[]; keysEvery: number | null };

/**
 * What the checks found (`through`, `misfit`: store-types.ts LeftOutCheck) and, when the range is
 * proven with no misfit and digests were wanted: `digests`, each whole slice's chained digest as
 * `[boundary, digest]` (log-digests.ts, chained from the log's start: only for a range from 0),
 * and `keys`, the keys of every other range as `[after, upto, keys]` (the partial slice at the
 * end, or every range of a read from elsewhere); or why they could not be made (then the fold
 * reads the way it would without them).
 */
export type FoldChecksAnswer =
  | { ok: true; through: number | null; misfit: number | null; digests: [number, string][]; keys: [number, number, string][] }
  | { ok: false; reason: string };

/** Run the checks of `job` on a reader of its own, opened the way the fold's reader is (and closed before returning). */
export function foldChecks(job: FoldChecksJob): FoldChecksAnswer {
  const opened = openDataDir(job.dataDir);
  if (!opened.ok) return { ok: false, reason: opened.error.message };
  try {
    return checksOn(opened.value, job);
  } finally {
    opened.value.close();
  }
}

function checksOn(reader: DataDirReader, job: FoldChecksJob): FoldChecksAnswer {
  // Only the snapshot recipe reads events.db in place; a private copy would copy the database a second time.
  if (reader.recipe !== 'snapshot' || reader.checkLeftOut === undefined) return { ok: false, reason: `the data dir is read as ${reader.recipe ?? reader.format}` };
  const every = job.keysEvery;
  const ranges = (through: number) => (every === null ? [] : keyRanges(job.after, through, every));
  const check = reader.checkLeftOut(job.runId, job.after, job.upto ?? undefined, { types: job.types }, every === null ? undefined : ranges);
  if (!check.ok) return { ok: false, reason: check.error.message };
  const { through, misfit } = check.value;
  const digests: [number, string][] = [];
  const keys: [number, number, string][] = [];
  if (through !== null && misfit === null && every !== null) {
    if (check.value.keys.length !== ranges(through).length) return { ok: false, reason: 'the keys of the slices were not read' };
    // Digests, not keys, cross back where they can: ~60 bytes of keys per row (12 MB at 200,000 rows) against 64 per slice.
    let digest = '';
    ranges(through).forEach(([after, upto], i) => {
      const text = check.value.keys[i];
      if (job.after === 0 && upto % every === 0) digests.push([upto, (digest = chainDigest(digest, text))]);
      else keys.push([after, upto, text]);
    });
  }
  return { ok: true, through, misfit, digests, keys };
}

/**
 * The ranges a fold from `after` to `through` chains keys of, in order: up to each slice boundary
 * of `every` sequences, then the partial slice to `through` (fold-checkpointed.ts settleKeys).
 */
export function keyRanges(after: number, through: number, every: number): [number, number][] {
  const ranges: [number, number][] = [];
  let from = after;
  for (let boundary = after - (after % every) + every; boundary <= through; boundary += every) {
    ranges.push([from, boundary]);
    from = boundary;
  }
  if (from < through) ranges.push([from, through]);
  return ranges;
}
