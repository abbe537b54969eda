/**
 * Exporting one run as a report (HTML, Markdown, JSON or PDF): the run's detail, full bodies
 * where previews were cut, the report document, and the chosen format. Reads only; the
 * caller decides where (and whether) the result is written.
 */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { buildReportDocument } from '../../shared/report-export/build-report-document';
import { renderHtml } from '../../shared/report-export/render-html';
import { renderTextExport } from '../../shared/report-export/render-text-export';
import { DEFAULT_MAX_TEXT, type ExportFormat, type RunReportDocument } from '../../shared/report-export/report-document-types';
import { EXPORT_MIME_TYPES, exportFileName, MAX_TEXT_LIMIT, type RunExport } from '../../shared/report-export/run-export-types';
import type { RunDetail, RunRef } from '../../shared/run/run-detail-types';
import type { ReportBodies } from '../../shared/report-export/harness-section';
import type { Note } from '../../shared/notes/note-types';
import type { EventRead } from '../sources/little-workflow/store-types';
import { auditResumes, type ResumeAudit } from '../../shared/compare/resume-audit';
import { redactorFor, type RedactionRequest } from '../../shared/redact/redaction-request';
import { redactReportDocument } from '../../shared/redact/redact-report';
import type { RedactionSummary } from '../../shared/redact/redaction-types';

/** Renders report HTML to PDF bytes (Electron's printToPDF, or Chromium through Playwright). */
export type PdfRenderer = (html: string) => Promise<Uint8Array>;

/** What the export needs from its host. */
export type ExportServiceContext = {
  /** The library's run reads: the detail, and what the run's source reads for an export. */
  runs: {
    detail(ref: RunRef): Promise<Result<RunDetail>>;
    reportBodies(detail: RunDetail, maxText: number): Promise<Result<ReportBodies>>;
    streamLog(ref: RunRef): Result<AsyncIterable<EventRead>>;
  };
  version: string;
  renderPdf?: PdfRenderer;
  now?: () => Date;
  /** The run's notes from the app's state folder (none when absent). */
  notes?: (ref: RunRef) => Note[];
};

/**
 * PDF exports allowed at once per process. Each holds a Chromium page (or a hidden window) and
 * the whole report in memory; a page asking for many at once is refused, not queued.
 */
export const MAX_CONCURRENT_PDF_EXPORTS = 2;

/** One export request (the `run.export` channel's shape); `redact` takes secrets out (docs/REDACTION.md). */
export type ExportRequest = RunRef & { format: ExportFormat; maxText?: number; redact?: RedactionRequest };

/** Build report documents and exports of the opened library's runs. */
export function createExportService(context: ExportServiceContext) {
  const document = async (ref: RunRef, maxText = DEFAULT_MAX_TEXT, redact?: RedactionRequest): Promise<Result<RunReportDocument>> => {
    // Bad rules fail before any reading.
    const redactor = redact === undefined ? null : redactorFor(redact);
    if (redactor !== null && !redactor.ok) return redactor;
    if (!Number.isInteger(maxText) || maxText < 1 || maxText > MAX_TEXT_LIMIT) {
      return fail(diagnostic('invalid-argument', `maxText must be a whole number from 1 to ${MAX_TEXT_LIMIT}, got ${maxText}`));
    }
    const detail = await context.runs.detail(ref);
    if (!detail.ok) return detail;
    const bodies = await context.runs.reportBodies(detail.value, maxText);
    if (!bodies.ok) return bodies;
    // The timeline comes with the detail (RunDetail.timeline); the resume audit needs the whole
    // log, so it is computed only for runs that were resumed.
    const audit = detail.value.harness.resumes.length === 0 ? null : await resumeAudit(ref, context.runs.streamLog(ref));
    const doc = buildReportDocument(detail.value, { exportedAt: (context.now?.() ?? new Date()).toISOString(), inspectorVersion: context.version, maxText, bodies: bodies.value, audit, notes: context.notes?.(ref) ?? [] });
    // Notes are redacted too: a person may paste a secret into one.
    return ok(redactor === null ? doc : redactReportDocument(doc, redactor.value));
  };

  let pdfsRunning = 0;

  return {
    document,
    /** What an export with `redact` would take out of this run (the export dialog's preview): the same document, its list only. */
    async redactionPreview(request: RunRef & { maxText?: number; redact: RedactionRequest }): Promise<Result<RedactionSummary>> {
      const doc = await document(request, request.maxText, request.redact);
      return doc.ok ? ok(doc.value.redactions!) : doc;
    },
    /** The export of one run in one format (text, or base64 for the PDF). */
    async export(request: ExportRequest): Promise<Result<RunExport>> {
      const { format } = request;
      if (format === 'pdf' && context.renderPdf === undefined) {
        return fail(diagnostic('unsupported', 'PDF export needs a Chromium engine, which this process does not have; export HTML and print it instead.'));
      }
      if (format !== 'pdf') return exportWith(request);
      if (pdfsRunning >= MAX_CONCURRENT_PDF_EXPORTS) {
        return fail(diagnostic('unsupported', `${MAX_CONCURRENT_PDF_EXPORTS} PDF exports are already running; try again when they finish.`));
      }
      pdfsRunning++;
      try {
        return await exportWith(request);
      } finally {
        pdfsRunning--;
      }
    },
  };

  async function exportWith(request: ExportRequest): Promise<Result<RunExport>> {
    const { format } = request;
    const doc = await document(request, request.maxText, request.redact);
    if (!doc.ok) return doc;
    const base = { format, fileName: exportFileName(doc.value.run.runId, format), mimeType: EXPORT_MIME_TYPES[format] };
    if (format !== 'pdf') return ok({ ...base, encoding: 'utf8', content: renderTextExport(doc.value, format) });
    try {
      const pdf = await context.renderPdf!(renderHtml(doc.value, { openAll: true }));
      return ok({ ...base, encoding: 'base64', content: Buffer.from(pdf).toString('base64') });
    } catch (error) {
      return fail(diagnostic('unsupported', `PDF rendering failed: ${(error as Error).message}`));
    }
  }
}

/** The resume audit of a run (null when its log cannot be read whole). */
async function resumeAudit(ref: RunRef, log: Result<AsyncIterable<EventRead>>): Promise<ResumeAudit | null> {
  if (!log.ok) return null;
  const events = [];
  try {
    for await (const read of log.value) {
      // Undecodable rows are left out (as the run view's fold does); a log that cannot be opened has no audit.
      if (read.ok) events.push(read.event);
      else if (read.sequence === null && events.length === 0) return null;
    }
    return auditResumes(ref.runId, events);
  } catch {
    return null;
  }
}

/** The export service's type. */
export type ExportService = ReturnType<typeof createExportService>;
