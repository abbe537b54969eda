/** Escaping untrusted text for HTML/SVG and for GitHub-flavoured Markdown. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML/XML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  // Control characters other than tab and newlines are not allowed in XML; drop them.
  return String(value)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Text safe in one Markdown table cell: pipes and backslashes escaped, HTML and newlines neutralised. */
export function escapeMarkdownCell(value: unknown): string {
  return escapeMarkdownInline(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline Markdown text: Markdown punctuation and HTML-significant characters escaped. */
export function escapeMarkdownInline(value: unknown): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/([\\`*_{}[\]()#+!~>])/g, '\\$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
}

/** A fenced code block whose fence is longer than any backtick run inside `text`. */
export function fencedBlock(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}
