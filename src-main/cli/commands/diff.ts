/**
 * `little-inspector diff <runA> <runB> [--data-dir DIR] [--data-dir-b DIR] [--json]`: two runs
 * side by side, steps aligned by step path, with deltas and the first divergence. Run B is read
 * from `--data-dir-b` when given, else from the same data dir as A.
 */
import { diffRuns } from '../../../shared/compare/run-diff';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { readDiffSide } from '../diff-side';
import { formatDiff } from '../diff-text';
import { priceTableArg } from '../price-table-arg';

/** Print the diff; exit 0 (a difference is an answer, not an error). */
export async function diffCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, 'data-dir-b': true, json: false, 'price-table': true });
  if (positionals.length !== 2) throw new UsageError('Usage: little-inspector diff <run-a> <run-b> [--data-dir <dir>] [--data-dir-b <dir>] [--json]');
  const table = priceTableArg(flags['price-table'], io);
  const dirA = flags['data-dir'] as string | undefined;
  const a = readDiffSide(positionals[0], dirA, table);
  const b = readDiffSide(positionals[1], (flags['data-dir-b'] as string | undefined) ?? dirA, table);
  const diff = diffRuns(a, b);
  io.stdout(flags.json === true ? `${JSON.stringify(diff)}\n` : formatDiff(diff));
  return 0;
}
