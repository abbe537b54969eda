/** One entry point for the text formats (HTML, Markdown, JSON) of a report document. */
import type { RunReportDocument } from './report-document-types';
import { renderHtml } from './render-html';
import { renderMarkdown } from './render-markdown';

/** The text export formats (PDF is rendered from the HTML by a browser engine). */
export type TextExportFormat = 'html' | 'md' | 'json';

/** The document as pretty-printed JSON (the shape of docs/report-schema.json), newline-terminated. */
export function renderJson(doc: RunReportDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Render `doc` as `format`; Markdown links `timelineImage` when given. */
export function renderTextExport(doc: RunReportDocument, format: TextExportFormat, options: { timelineImage?: string } = {}): string {
  switch (format) {
    case 'html':
      return renderHtml(doc);
    case 'md':
      return renderMarkdown(doc, options);
    case 'json':
      return renderJson(doc);
  }
}
