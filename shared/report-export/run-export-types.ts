/** What `run.export` returns: the exported file's content, ready to save or download. */
import type { ExportFormat } from './report-document-types';

/** Most characters `--max-text` / `maxText` may ask for per text. */
export const MAX_TEXT_LIMIT = 1_000_000;

/** MIME type of each export format. */
export const EXPORT_MIME_TYPES: Readonly<Record<ExportFormat, string>> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
  pdf: 'application/pdf',
};

/** One exported report: text formats as UTF-8 text, the PDF as base64. */
export type RunExport = {
  format: ExportFormat;
  /** A suggested file name (`<runId>.report.<ext>`); the user picks the real path. */
  fileName: string;
  mimeType: string;
  encoding: 'utf8' | 'base64';
  content: string;
};

/** The suggested file name of `runId`'s report in `format`. */
export function exportFileName(runId: string, format: ExportFormat): string {
  return `${runId.replace(/[^A-Za-z0-9_.-]/g, '_')}.report.${format}`;
}
