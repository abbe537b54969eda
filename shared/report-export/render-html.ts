/**
 * The HTML report: one self-contained file with inline CSS and SVG, no script and nothing
 * fetched (its own CSP says so), printable, light and dark. Every value from the log is
 * escaped: payloads are untrusted.
 */
import { escapeHtml as e } from './escape-text';
import { REPORT_CSS } from './html-styles';
import { boundarySection, costSection, findingsSection, notesSection, redactionsSection, resumeSection, summarySection } from './html-sections';
import { harnessSection, stepsSection } from './html-steps';
import type { RunReportDocument } from './report-document-types';
import { formatTimestamp } from './report-time';
import { timelineSvg } from './timeline-svg';

/** The CSP of the exported file: inline styles and data: images only; no script, no network. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** Options of {@link renderHtml}. */
export type RenderHtmlOptions = {
  /** Expand every collapsible section (the PDF is printed from this variant). */
  openAll?: boolean;
};

/** The whole HTML document for `doc`. */
export function renderHtml(doc: RunReportDocument, options: RenderHtmlOptions = {}): string {
  const openAll = options.openAll === true;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(REPORT_CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="${e(doc.inspector.name)} ${e(doc.inspector.version)}">
<meta name="referrer" content="no-referrer">
<title>Run report ${e(doc.run.runId)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${summarySection(doc)}
${notesSection(doc)}
${costSection(doc)}
<h2 id="timeline">Step timeline</h2>
<div class="timeline-wrap">${timelineSvg(doc.timeline)}</div>
${boundarySection(doc)}
${resumeSection(doc)}
${stepsSection(doc, openAll)}
${harnessSection(doc, openAll)}
${findingsSection(doc)}
${redactionsSection(doc)}
<footer>Exported by ${e(doc.inspector.name)} ${e(doc.inspector.version)} on ${e(formatTimestamp(doc.exportedAt))} · report format ${e(doc.format)} · texts capped at ${e(doc.maxText)} characters · data dir ${e(doc.run.dataDir)}</footer>
</body>
</html>
`;
}
