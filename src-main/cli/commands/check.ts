/** `little-inspector check [runId] [--data-dir DIR] [--json]`: integrity findings, exit 1 when any. */
import type { Diagnostic } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { checkRun } from '../../library/data-dir-logs';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { DataDirError, LittleCliError, openDataDirArg } from '../run-log';
import { terminalSafe } from '../terminal-safe';
import { pushAll } from '../../../shared/math/push-all';

/** Check one run, or every run of the data dir. Info-level notes do not fail the check. */
export async function checkCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false });
  if (positionals.length > 1) throw new UsageError('Usage: little-inspector check [run-id] [--data-dir <dir>] [--json]');
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  const findings: Diagnostic[] = [];
  try {
    let runIds: string[];
    if (positionals[0] !== undefined) {
      if (!RUN_ID_PATTERN.test(positionals[0])) throw new LittleCliError('WorldPathError', `Invalid run id: ${positionals[0]}`);
      runIds = [positionals[0]];
    } else {
      const listed = reader.listRuns();
      if (!listed.ok) throw new DataDirError(listed.error);
      pushAll(findings, listed.value.diagnostics);
      runIds = listed.value.runs.map((run) => run.runId);
    }
    for (const runId of runIds) {
      const found = checkRun(reader, runId);
      if (positionals[0] !== undefined && found.length === 0 && isEmptyRun(reader, runId)) {
        throw new LittleCliError('RunNotFoundError', `Run not found: ${runId}`);
      }
      pushAll(findings, found);
    }
  } finally {
    reader.close();
  }
  const failing = findings.filter((d) => d.severity !== 'info');
  if (flags.json) io.stdout(`${JSON.stringify(findings, null, 2)}\n`);
  else if (findings.length === 0) io.stdout('No integrity findings.\n');
  else for (const d of findings) io.stdout(`${formatFinding(d)}\n`);
  return failing.length > 0 ? 1 : 0;
}

function isEmptyRun(reader: ReturnType<typeof openDataDirArg>, runId: string): boolean {
  for (const _ of reader.readEvents(runId)) return false;
  return true;
}

function formatFinding(d: Diagnostic): string {
  const where = [d.runId, d.sequence !== undefined ? `#${d.sequence}` : null].filter(Boolean).join(' ');
  return `${d.severity.padEnd(7)} ${d.code.padEnd(24)} ${where ? `${where}: ` : ''}${terminalSafe(d.message)}`;
}
