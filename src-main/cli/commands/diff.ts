/**
 * `little-inspector diff <runA> <runB> [--data-dir DIR] [--data-dir-b DIR] [--json]`: two runs
 * side by side, steps aligned by step path, with deltas and the first divergence. Run B is read
 * from `--data-dir-b` when given, else from the same data dir as A.
 */
import { resolve } from 'node:path';
import { diffRuns } from '../../../shared/compare/run-diff';
import { loadDiffSide } from '../../library/diff-side';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { formatDiff } from '../diff-text';
import { priceTableArg } from '../price-table-arg';
import { cliError, DEFAULT_DATA_DIR } from '../run-log';

/** Print the diff; exit 0 (a difference is an answer, not an error). */
export async function diffCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, 'data-dir-b': true, json: false, 'price-table': true });
  if (positionals.length !== 2) throw new UsageError('Usage: little-inspector diff <run-a> <run-b> [--data-dir <dir>] [--data-dir-b <dir>] [--json]');
  const table = await priceTableArg(flags['price-table'], io);
  const dirA = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);
  const dirB = flags['data-dir-b'] === undefined ? dirA : resolve(process.cwd(), flags['data-dir-b'] as string);
  const a = loadDiffSide(dirA, positionals[0], table);
  if (!a.ok) throw cliError(a.error);
  const b = loadDiffSide(dirB, positionals[1], table);
  if (!b.ok) throw cliError(b.error);
  const diff = diffRuns(a.value, b.value);
  io.stdout(flags.json === true ? `${JSON.stringify(diff)}\n` : formatDiff(diff));
  return 0;
}
