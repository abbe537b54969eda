/**
 * `little-inspector scan [runId] [--data-dir DIR] [--json] [--settings FILE] [--price-table FILE]`:
 * behavioural findings (docs/SCAN.md) of one run, or of every run under DIR with the fleet's
 * cross-run findings. Exit 1 when a finding is above info.
 */
import { resolve } from 'node:path';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { SEVERITY_RANK, type ScanFinding } from '../../../shared/scan/scan-types';
import { chosenAppFolder, currentHost } from '../../app-folders/app-folders';
import { readScanSettingsFile, scanSettingsInState } from '../../app-state/scan-settings-file';
import { loadLibrary } from '../../library/load-library';
import { scanLibrary } from '../../library/scan-runs';
import { createSourceRegistry } from '../../library/data-dir-logs';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { DataDirError, DEFAULT_DATA_DIR, LittleCliError, unreadableDataDirError } from '../run-log';
import { terminalSafe } from '../terminal-safe';

const USAGE = 'Usage: little-inspector scan [run-id] [--data-dir <dir>] [--json] [--settings <file>] [--price-table <file>] [--state-dir <dir>]';

export async function scanCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, settings: true, 'price-table': true, 'state-dir': true });
  if (positionals.length > 1 || flags.settings === true || flags['state-dir'] === true) throw new UsageError(USAGE);
  const runId = positionals[0];
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) throw new LittleCliError('WorldPathError', `Invalid run id: ${runId}`);
  const settings =
    typeof flags.settings === 'string'
      ? readScanSettingsFile(resolve(process.cwd(), flags.settings))
      : scanSettingsInState(chosenAppFolder('state', flags['state-dir'] as string | undefined, currentHost()));
  if (!settings.ok) throw new DataDirError(settings.error);
  const table = await priceTableArg(flags['price-table'], io);
  const library = loadLibrary(resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR), table);
  if (!library.ok) throw new DataDirError(library.error);
  const { runs, dataDirs } = library.value;
  if (runs.length === 0 && dataDirs.length > 0 && dataDirs.every((dir) => unreadableDataDirError([dir]) !== null)) throw new DataDirError(unreadableDataDirError(dataDirs)!);
  const chosen = runId === undefined ? runs : runs.filter((run) => run.runId === runId);
  if (runId !== undefined && chosen.length === 0) throw new LittleCliError('RunNotFoundError', `Run not found: ${runId}`);
  const sources = createSourceRegistry();
  let scanned;
  try {
    scanned = await scanLibrary(library.value, (dir) => sources.sourceOf(dir), { table, settings: settings.value, now: new Date() }, chosen);
  } finally {
    sources.dispose();
  }
  for (const d of scanned.diagnostics) io.stderr(`${terminalSafe(`${d.runId ?? ''}: ${d.severity}: ${d.code}: ${d.message}`)}\n`);
  const findings = scanned.runs.flatMap((run) => run.findings);
  if (flags.json === true) io.stdout(`${JSON.stringify({ findings })}\n`);
  else io.stdout(formatFindings(findings, scanned.runs.length));
  return findings.some((f) => SEVERITY_RANK[f.severity] > SEVERITY_RANK.info) ? 1 : 0;
}

/** The human listing: one line per finding, its hint under it, a count at the end. */
export function formatFindings(findings: readonly ScanFinding[], runs: number): string {
  const lines: string[] = [];
  for (const f of findings) {
    const at = f.sequences.length === 0 ? '' : ` #${f.sequences.slice(0, 8).join(',#')}${f.sequences.length > 8 ? `,… (${f.sequences.length} events)` : ''}`;
    lines.push(`${f.severity.padEnd(7)} ${f.kind.padEnd(28)} ${f.runId}${f.stepPath === null ? '' : ` ${f.stepPath}`}${at}`);
    lines.push(`        ${f.message}`);
    lines.push(`        hint: ${f.hint}`);
  }
  const count = (s: ScanFinding['severity']) => findings.filter((f) => f.severity === s).length;
  lines.push(findings.length === 0 ? `No behavioural findings in ${runs} run${runs === 1 ? '' : 's'}.` : `${findings.length} finding${findings.length === 1 ? '' : 's'} in ${runs} run${runs === 1 ? '' : 's'}: ${count('error')} error, ${count('warning')} warning, ${count('info')} info.`);
  // Messages quote step paths and tool names from the log: each line made safe on its own.
  return `${lines.map(terminalSafe).join('\n')}\n`;
}
