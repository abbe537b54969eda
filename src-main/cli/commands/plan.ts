/**
 * `little-inspector plan <runId> [--at <seq>] [--data-dir DIR] [--json]`: what a resume of the
 * same run id would do (the crash tab's boundary: verdict, what was in flight, the resume plan),
 * for the whole log or as if the process had died right after event `seq`.
 */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { resolve } from 'node:path';
import { RunNotFoundError } from '../../../shared/fold/fold-errors';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { loadRunBoundaryAt } from '../../library/run-detail-at';
import { parseArgs, parseAtFlag, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { CACHE_FLAGS, CACHE_USAGE, checkpointsArg } from '../cache-arg';
import { formatPlan } from '../plan-text';
import { DataDirError, DEFAULT_DATA_DIR, LittleCliError } from '../run-log';

/** Print the plan; exit 0 (the plan is an answer, not a finding). */
export async function planCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, at: true, ...CACHE_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`Usage: little-inspector plan <run-id> [--at <seq>] [--data-dir <dir>] [--json] ${CACHE_USAGE}`);
  const upto = parseAtFlag(flags.at);
  const runId = positionals[0];
  if (!RUN_ID_PATTERN.test(runId)) throw new LittleCliError('WorldPathError', `Invalid run id: ${runId}`);
  const dataDir = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);
  const read = loadRunBoundaryAt(dataDir, runId, { upto, table: BUNDLED_PRICE_TABLE, checkpoints: checkpointsArg(flags, [dataDir]) });
  if (!read.ok) {
    if (read.error.code === 'run-not-found') throw new RunNotFoundError(runId);
    throw new DataDirError(read.error);
  }
  const boundary = read.value;
  if (flags.json === true) {
    const { lastEvent, verdict, inferredStatus, inFlight, resumePlan } = boundary;
    io.stdout(`${JSON.stringify({ runId, at: upto ?? null, lastEvent: lastEvent ?? null, verdict, inferredStatus: inferredStatus ?? null, inFlight, resumePlan })}\n`);
  } else {
    io.stdout(formatPlan(runId, upto, boundary));
  }
  return 0;
}
