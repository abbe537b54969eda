/**
 * `little-inspector export <runId> --format html|md|json|pdf [-o FILE] [--max-text N] [--redact
 * [--redact-rules FILE]]`: one run as a report to send around. Text formats go to stdout or FILE;
 * the PDF needs `-o` and Chromium. Never writes inside a data dir. With `--redact` secrets are
 * taken out of the document every format renders, and the list of what was taken goes to stderr.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import { renderHtml } from '../../../shared/report-export/render-html';
import { renderTextExport } from '../../../shared/report-export/render-text-export';
import { DEFAULT_MAX_TEXT, EXPORT_FORMATS, type ExportFormat } from '../../../shared/report-export/report-document-types';
import { MAX_TEXT_LIMIT } from '../../../shared/report-export/run-export-types';
import { timelineSvg } from '../../../shared/report-export/timeline-svg';
import { createInspectorCore } from '../../core/inspector-core';
import { writeFilesAtomic, type ExportFile } from '../../export/atomic-write';
import { chromiumPdfRenderer } from '../../export/pdf-playwright';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { printRedactions, redactionArg, REDACT_FLAGS } from '../redact-args';
import { stateDirArg } from '../state-dir-arg';
import { DataDirError, DEFAULT_DATA_DIR, LittleCliError } from '../run-log';
import { asksForBundle, exportBundleCommand } from './export-bundle';
import { openRunToExport } from './export-open';

const USAGE_LINE = 'Usage: little-inspector export <run-id> --format html|md|json|pdf [-o <file>] [--max-text <n>] [--data-dir <dir>] [--state-dir <dir>] [--redact [--redact-rules <file>]]';

/** Export one run; exit 2 when the data dir cannot be read or no Chromium is there for a PDF. */
export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  // The bundle (the run views in one offline file) has flags of its own.
  if (asksForBundle(argv)) return exportBundleCommand(argv, io);
  const args = argv.map((a) => (a === '-o' ? '--output' : a));
  const { positionals, flags } = parseArgs(args, { 'data-dir': true, format: true, output: true, 'max-text': true, 'price-table': true, 'state-dir': true, ...REDACT_FLAGS });
  if (positionals.length !== 1) throw new UsageError(USAGE_LINE);
  const format = flags.format as string | undefined;
  if (format === undefined || !(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, bundle`);
  const maxText = maxTextArg(flags['max-text'] as string | undefined);
  const output = typeof flags.output === 'string' ? resolve(process.cwd(), flags.output) : null;
  if (format === 'pdf' && output === null) throw new UsageError('a PDF needs -o <file>');
  const redact = redactionArg(flags);
  const runId = positionals[0];
  const dataDir = resolve(process.cwd(), (flags['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);

  // Notes pinned in the app travel in the report (read from the state folder; nothing is written).
  const state = stateDirArg(flags['state-dir']);
  // A one-shot export needs no live observer; the worker and watchers are stopped on the way out.
  const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, inProcess: true, state });
  try {
    return await exportWith(core);
  } finally {
    core.close();
  }

  async function exportWith(core: ReturnType<typeof createInspectorCore>): Promise<number> {
    const targets = output === null ? [] : [output, ...(format === 'md' ? [svgPathFor(output)] : [])];
    const run = await openRunToExport(core, { dataDir, runId, priceTable: flags['price-table'], targets, io });

    const doc = await core.exportDocument({ dataDir: run.dataDir, runId }, maxText, redact);
    if (!doc.ok) throw new LittleCliError('ExportError', doc.error.message);
    if (doc.value.redactions !== null) printRedactions(doc.value.redactions, io);
    const kind = format as ExportFormat;
    if (kind === 'pdf') {
      const chromium = await chromiumPdfRenderer();
      if (!chromium.ok) {
        io.stderr(`little-inspector export: ${chromium.reason}\n`);
        return 2;
      }
      const pdf = await chromium.render(renderHtml(doc.value, { openAll: true }));
      write([{ path: output!, data: pdf }]);
      io.stderr(`Wrote ${output} (${kib(pdf.byteLength)})\n`);
      return 0;
    }
    if (output === null) {
      io.stdout(renderTextExport(doc.value, kind));
      return 0;
    }
    // The main file first, then its sidecar; both staged before either is renamed into place.
    const svgPath = kind === 'md' ? svgPathFor(output) : null;
    const text = renderTextExport(doc.value, kind, svgPath ? { timelineImage: basename(svgPath) } : undefined);
    write([{ path: output, data: text }, ...(svgPath ? [{ path: svgPath, data: `${timelineSvg(doc.value.timeline)}\n` }] : [])]);
    io.stderr(`Wrote ${output} (${kib(Buffer.byteLength(text))})\n`);
    if (svgPath) io.stderr(`Wrote ${svgPath}\n`);
    return 0;
  }
}

/** Write atomically or fail with the typed diagnostic (exit 2), never a raw EISDIR/ENOSPC. */
function write(files: ExportFile[]): void {
  const written = writeFilesAtomic(files);
  if (!written.ok) throw new DataDirError(written.error);
}

/** `report.md` → `report.timeline.svg` in the same folder. */
export function svgPathFor(output: string): string {
  const ext = extname(output);
  return join(dirname(output), `${basename(output, ext)}.timeline.svg`);
}

function maxTextArg(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_TEXT;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_TEXT_LIMIT) throw new UsageError(`--max-text must be a whole number from 1 to ${MAX_TEXT_LIMIT}, got "${value}"`);
  return Number(value);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
