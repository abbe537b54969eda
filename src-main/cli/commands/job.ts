/**
 * `little-inspector job <runId> [--data-dir DIR] [--json]`: the job a run belongs to (its root
 * found by walking parentRunId up, or its outer loop), every run in it with its role, status and
 * report totals, the job's sums, and what a resume does to each sub-run.
 */
import { resolve } from 'node:path';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { RunNotFoundError } from '../../../shared/fold/fold-errors';
import type { Job } from '../../../shared/job/job-types';
import { loadJob } from '../../library/job/load-job';
import { parseArgs, UsageError } from '../args';
import { CACHE_FLAGS, CACHE_USAGE, checkpointsArg } from '../cache-arg';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { DataDirError, DEFAULT_DATA_DIR, LittleCliError } from '../run-log';
import { formatJob } from '../job-text';

/** Print the job; exit 0 (a job is an answer, not a finding). */
export async function jobCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, 'price-table': true, ...CACHE_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`Usage: little-inspector job <run-id> [--data-dir <dir>] [--json] [--price-table <file>] ${CACHE_USAGE}`);
  const runId = positionals[0];
  if (!RUN_ID_PATTERN.test(runId)) throw new LittleCliError('WorldPathError', `Invalid run id: ${runId}`);
  const table = await priceTableArg(flags['price-table'], io);
  const dataDir = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);
  const job = loadJob(dataDir, runId, { table, checkpoints: checkpointsArg(flags, [dataDir]) });
  if (!job.ok) {
    if (job.error.code === 'run-not-found') throw new RunNotFoundError(runId);
    throw new DataDirError(job.error);
  }
  io.stdout(flags.json === true ? `${JSON.stringify(jobJson(job.value))}\n` : formatJob(job.value));
  return 0;
}

/** The `--json` document: the fields first, in its order; `dataDir`, `kind` and `story` beside them. */
export function jobJson(job: Job): Record<string, unknown> {
  return {
    root: job.root,
    kind: job.kind,
    dataDir: job.dataDir,
    runs: job.runs,
    total: job.total,
    subRuns: job.subRuns,
    cycles: job.cycles,
    story: job.story,
  };
}
