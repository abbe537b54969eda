/**
 * `little-inspector otlp <runId>… | --all [--data-dir DIR] [--endpoint URL] [--protocol
 * http/protobuf|http/json] [--header K=V]… [--semconv 1.45|latest] [--follow] [--content] [--redact
 * [--redact-rules FILE]] [--price-table FILE]`: send runs as OpenTelemetry traces to a tracing
 * backend (docs/OTLP.md). The GenAI conventions' version: `--semconv`, else
 * OTEL_SEMCONV_STABILITY_OPT_IN (`gen_ai_latest_experimental` selects the latest), else 1.45.
 * `--redact` takes secrets out of span names, attributes (contents included) and events
 * (docs/REDACTION.md); the list of what was taken goes to stderr.
 */
import { resolve } from 'node:path';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { resolveOtlpTarget } from '../../otlp/otlp-endpoint';
import { parseSemconvMode, semconvFromOptIn } from '../../../shared/otlp/semconv-mode';
import { exportRuns } from '../../otlp/export-runs';
import { followRuns, type FollowOptions } from '../../otlp/otlp-follow';
import { createOtlpSender, type SenderOptions } from '../../otlp/otlp-sender';
import { selectRuns } from '../../otlp/run-span-source';
import { createSourceRegistry } from '../../library/data-dir-logs';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { formatDiagnostic } from '../format-diagnostic';
import { priceTableArg } from '../price-table-arg';
import { printRedactions, redactionArg, REDACT_FLAGS } from '../redact-args';
import { redactorFor } from '../../../shared/redact/redaction-request';
import { redactionSummary } from '../../../shared/redact/create-redactor';
import { DataDirError, DEFAULT_DATA_DIR, unreadableDataDirError } from '../run-log';
import { terminalSafe } from '../terminal-safe';

const USAGE_LINE =
  'Usage: little-inspector otlp <run-id>... | --all [--data-dir <dir>] [--endpoint <url>] [--protocol http/protobuf|http/json] [--header K=V]... [--semconv 1.45|latest] [--follow] [--content] [--redact [--redact-rules <file>]] [--price-table <file>]';

/** Seams for tests: the environment, stop without a signal, exporter timeout, follow pacing. */
export type OtlpCommandOptions = { env?: Readonly<Record<string, string | undefined>>; signal?: AbortSignal; sender?: SenderOptions; follow?: Partial<FollowOptions> };

/** Export (or follow) runs; exit 0 when every span was accepted, 1 on a refusal or run error, 2 when the data dir cannot be read. */
export async function otlpCommand(argv: string[], io: CliIo, options: OtlpCommandOptions = {}): Promise<number> {
  const headers: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--header') {
      if (argv[i + 1] === undefined) throw new UsageError('--header needs a value');
      headers.push(argv[++i]);
    } else if (argv[i].startsWith('--header=')) headers.push(argv[i].slice('--header='.length));
    else rest.push(argv[i]);
  }
  const { positionals, flags } = parseArgs(rest, { 'data-dir': true, endpoint: true, protocol: true, semconv: true, all: false, follow: false, content: false, 'price-table': true, ...REDACT_FLAGS });
  const all = flags.all === true;
  if (all === (positionals.length > 0)) throw new UsageError(USAGE_LINE);
  for (const id of positionals) if (!RUN_ID_PATTERN.test(id)) throw new UsageError(`"${id}" is not a little-workflow run id`);
  const env = options.env ?? process.env;
  const semconv = flags.semconv === undefined ? semconvFromOptIn(env.OTEL_SEMCONV_STABILITY_OPT_IN) : parseSemconvMode(flags.semconv as string);
  if (semconv === null) throw new UsageError(`--semconv takes 1.45 or latest, got "${terminalSafe(String(flags.semconv))}"`);
  const target = resolveOtlpTarget(
    { endpoint: flags.endpoint as string | undefined, protocol: flags.protocol as string | undefined, headers },
    env,
  );
  if (!target.ok) throw new UsageError(target.error.message);
  const table = await priceTableArg(flags['price-table'], io);
  const root = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);
  const content = flags.content === true;
  const redact = redactionArg(flags);
  const made = redact === undefined ? undefined : redactorFor(redact);
  if (made !== undefined && !made.ok) throw new UsageError(made.error.message);
  const redactor = made?.value;
  const sender = createOtlpSender(target.value, options.sender);
  const sources = createSourceRegistry();
  try {
    if (flags.follow === true) {
      const code = await followRuns({ root, runIds: all ? 'all' : positionals, sender, table, content, semconv, redactor, io, signal: options.signal, ...options.follow });
      if (redactor !== undefined) printRedactions(redactionSummary(redactor), io);
      return code;
    }
    const selection = selectRuns(root, all ? 'all' : positionals, table);
    if (!selection.ok) throw new DataDirError(selection.error);
    const { dataDirs, missing } = selection.value;
    // Nothing readable at all is exit 2, as for every command; a run that is not there is exit 1.
    if (selection.value.library.length === 0 && dataDirs.length > 0 && dataDirs.every((dir) => unreadableDataDirError([dir]) !== null)) {
      throw new DataDirError(unreadableDataDirError(dataDirs)!);
    }
    if (missing.length > 0) {
      io.stderr(`${terminalSafe(`RunNotFoundError: Run not found: ${missing[0]}`)}\n`);
      return 1;
    }
    const sent = await exportRuns(selection.value.runs, sender, {
      sources,
      table,
      library: selection.value.library,
      content,
      semconv,
      redactor,
      onRun: (r) => io.stdout(`${r.runId}  ${r.spans} spans\n`),
    });
    if (!sent.ok) {
      io.stderr(`little-inspector otlp: ${terminalSafe(formatDiagnostic(sent.error))}\n`);
      return 1;
    }
    if (redactor !== undefined) printRedactions(redactionSummary(redactor), io);
    const spans = sent.value.reduce((n, r) => n + r.spans, 0);
    io.stderr(`Sent ${spans} spans of ${sent.value.length} run${sent.value.length === 1 ? '' : 's'} to ${sender.shownUrl} (${target.value.protocol}, GenAI conventions ${semconv}).\n`);
    return 0;
  } finally {
    sources.dispose();
    await sender.shutdown();
  }
}
