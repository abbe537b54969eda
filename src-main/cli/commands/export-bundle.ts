/**
 * `little-inspector export <runId> --format bundle -o FILE [--redact] [--redact-rules FILE] [--budget SIZE]`:
 * the run and the inspector's run views in one self-contained HTML file that opens offline
 * (docs/EXPORT.md, "Bundle"). Never writes inside a data dir.
 */
import { resolve } from 'node:path';
import { formatBytes } from '../../../shared/bundle/bundle-budget';
import { DEFAULT_BUNDLE_BUDGET } from '../../../shared/bundle/bundle-types';
import { bundleOutputPath, MAX_BUNDLE_BUDGET } from '../../../shared/bundle/run-bundle-types';
import { redactorFor } from '../../../shared/redact/redaction-request';
import { writeFilesAtomic } from '../../export/atomic-write';
import { createInspectorCore } from '../../core/inspector-core';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { DataDirError, DEFAULT_DATA_DIR, LittleCliError } from '../run-log';
import { printRedactions, redactionArg, REDACT_FLAGS } from '../redact-args';
import { stateDirArg } from '../state-dir-arg';
import { terminalSafe } from '../terminal-safe';
import { openRunToExport } from './export-open';

export const BUNDLE_USAGE_LINE =
  'Usage: little-inspector export <run-id> --format bundle -o <file.html> [--redact [--redact-rules <file>]] [--budget <size>] [--data-dir <dir>] [--state-dir <dir>]';

/** True when `argv` asks for `--format bundle` (the bundle has its own flags). */
export function asksForBundle(argv: readonly string[]): boolean {
  return argv.some((arg, i) => arg === '--format=bundle' || (arg === '--format' && argv[i + 1] === 'bundle'));
}

/** Export run `<runId>` as a bundle; exit 2 when the data dir cannot be read or the viewer is not built. */
export async function exportBundleCommand(argv: string[], io: CliIo): Promise<number> {
  const args = argv.map((a) => (a === '-o' ? '--output' : a));
  const { positionals, flags } = parseArgs(args, { 'data-dir': true, format: true, output: true, budget: true, 'price-table': true, 'state-dir': true, ...REDACT_FLAGS });
  if (positionals.length !== 1) throw new UsageError(BUNDLE_USAGE_LINE);
  if (typeof flags.output !== 'string') throw new UsageError(`a bundle needs -o <file.html>\n${BUNDLE_USAGE_LINE}`);
  const asked = resolve(process.cwd(), flags.output);
  const output = bundleOutputPath(asked);
  const budgetBytes = parseBudget(flags.budget);
  const redact = redactionArg(flags);
  const runId = positionals[0];
  const dataDir = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);

  const redactor = redact ? redactorFor(redact) : null;
  if (redactor && !redactor.ok) throw new UsageError(terminalSafe(redactor.error.message));

  // Notes pinned in the app travel in the bundle (read from the state folder; nothing is written).
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, inProcess: true, state: stateDirArg(flags['state-dir']) });
  try {
    const run = await openRunToExport(core, { dataDir, runId, priceTable: flags['price-table'], targets: [output], io });
    const built = await core.bundleRun({ dataDir: run.dataDir, runId, budgetBytes, redactor: redactor?.value ?? null });
    if (!built.ok) {
      if (built.error.code === 'unsupported') throw new DataDirError(built.error);
      throw new LittleCliError('ExportError', built.error.message);
    }
    const written = writeFilesAtomic([{ path: output, data: built.value.content }]);
    if (!written.ok) throw new DataDirError(written.error);
    if (output !== asked) io.stderr(`${terminalSafe(`${asked} does not end in .html, and a browser opens a file:// page as HTML only by its extension: wrote the bundle as ${output}`)}\n`);
    const { omissions, redaction } = built.value;
    io.stderr(`Wrote ${output} (${formatBytes(Buffer.byteLength(built.value.content))})\n`);
    if (omissions.eventBodies.count > 0 || omissions.artifacts.count > 0) {
      io.stderr(
        `Size budget ${formatBytes(budgetBytes)}: ${omissions.eventBodies.count} event payloads (${formatBytes(omissions.eventBodies.bytes)}) and ${omissions.artifacts.count} artifact contents (${formatBytes(omissions.artifacts.bytes)}) left out; the bundle says so.\n`,
      );
    }
    if (redaction) printRedactions(redaction, io);
    return 0;
  } finally {
    core.close();
  }
}

/** `--budget`: bytes, or a decimal size with KB, MB or GB. */
export function parseBudget(value: string | true | undefined): number {
  if (value === undefined) return DEFAULT_BUNDLE_BUDGET;
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\s*(|B|KB|MB|GB)$/i.exec(value.trim()) : null;
  const bytes = match ? Math.round(Number(match[1]) * { '': 1, B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[match[2]!.toUpperCase() as '' | 'B' | 'KB' | 'MB' | 'GB']) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes > MAX_BUNDLE_BUDGET) {
    throw new UsageError(`--budget must be a size such as 50MB, 800KB or 1000000 (at most ${formatBytes(MAX_BUNDLE_BUDGET)}), got "${String(value)}"`);
  }
  return bytes;
}
