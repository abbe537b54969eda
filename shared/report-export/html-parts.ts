/** Small HTML builders of the report; every dynamic value goes through `escapeHtml` here. */
import { escapeHtml } from './escape-text';
import { inFlightSentence } from '../format/money';
import type { CappedText } from './report-document-types';
import { formatCount } from './report-time';

/** Escaped text (short alias used by the section renderers). */
export const e = escapeHtml;

/** A status pill; the class is picked from a fixed list, never from the data. */
export function badge(status: string, big = false): string {
  const known = ['completed', 'succeeded', 'responded', 'failed', 'crashed', 'error', 'running', 'in-flight', 'open', 'orphaned', 'warning', 'pending', 'info'];
  const cls = known.includes(status) ? status : 'neutral';
  return `<span class="badge ${cls}${big ? ' big' : ''}">${e(status)}</span>`;
}

/** A table from a header and rows of already-rendered cells; `num` marks right-aligned columns. */
export function table(head: readonly string[], rows: readonly (readonly string[])[], num: readonly number[] = []): string {
  const th = head.map((h, i) => `<th${num.includes(i) ? ' class="num"' : ''}>${e(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell, i) => `<td${num.includes(i) ? ' class="num"' : ''}>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** A capped text as a `<pre>`, with a note when it was cut. */
export function capped(label: string, text: CappedText | null): string {
  if (text === null) return '';
  const cut = text.truncated ? ` <span class="note">(first ${formatCount(text.text.length)} of ${formatCount(text.totalChars)} characters)</span>` : '';
  return `<h4 class="note">${e(label)}${cut}</h4><pre>${e(text.text)}</pre>`;
}

/** A `<dl>` of label/value pairs; values are rendered HTML, `null` rows are left out. */
export function facts(pairs: readonly (readonly [string, string | null])[]): string {
  const items = pairs.filter((p): p is [string, string] => p[1] !== null).map(([k, v]) => `<dt>${e(k)}</dt><dd>${v}</dd>`);
  return `<dl class="facts">${items.join('')}</dl>`;
}

/** Monospace escaped text, or an em dash for null. */
export function mono(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '—' : `<span class="mono">${e(value)}</span>`;
}

/** Escaped text, or an em dash for null/empty. */
export function text(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : e(value);
}

/** "Showing the first N of M" note when a list was cut for readability. */
export function cutNote(shown: number, total: number, what: string): string {
  return shown < total ? `<p class="note">Showing the first ${formatCount(shown)} of ${formatCount(total)} ${e(what)}; the JSON export has them all.</p>` : '';
}

/** The sentence beside a cost the log ends inside model calls of (empty when none). */
export function inFlightNote(calls: number, className: string): string {
  return calls === 0 ? '' : `<p class="${className}">${e(inFlightSentence(calls))}</p>`;
}
