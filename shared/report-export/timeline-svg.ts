/**
 * The step timeline as an SVG picture (a Gantt chart): no script, no external reference, its
 * own light and dark styles, every label escaped. Used inline by the HTML report and written
 * as a separate `.svg` next to a Markdown export.
 */
import { escapeHtml } from './escape-text';
import { formatDuration, formatOffset } from './report-time';
import type { TimelineBar, TimelineModel } from './report-document-types';
import { timelineScale, type TimelineScale } from './timeline-scale';

/** Most step rows drawn; the rest are counted in a footnote (the step list has them all). */
export const MAX_TIMELINE_ROWS = 60;

const WIDTH = 960;
const CHART_X = 240;
const CHART_W = 600; // leaves room right of the chart for "crashed in flight"
const TOP = 40;
const ROW_H = 24;
const BAR_H = 14;
const LABEL_CHARS = 32;

const STYLE = `
.g-bg{fill:#ffffff}.g-text{fill:#1f2328;font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.g-muted{fill:#656d76;font:11px system-ui,-apple-system,'Segoe UI',sans-serif}.g-grid{stroke:#d0d7de;stroke-width:1}
.g-stripe{fill:#f6f8fa}.g-break{fill:#fff8c5}.g-zig{stroke:#9a6700;stroke-width:1.2;fill:none}
.g-completed{fill:#1a7f37}.g-failed{fill:#cf222e}.g-running{fill:#bf8700}.g-pending{fill:#8c959f}
.g-open{fill:#bf8700;fill-opacity:.35;stroke:#bf8700;stroke-width:1.2;stroke-dasharray:4 2}
.g-gapline{stroke:#656d76;stroke-width:1.2;stroke-dasharray:2 3}.g-open.g-crashed{fill:#cf222e;stroke:#cf222e}
@media (prefers-color-scheme: dark){
.g-bg{fill:#0d1117}.g-text{fill:#e6edf3}.g-muted{fill:#8d96a0}.g-grid{stroke:#30363d}.g-stripe{fill:#161b22}
.g-break{fill:#3b2e00}.g-zig{stroke:#d29922}.g-completed{fill:#3fb950}.g-failed{fill:#f85149}.g-running{fill:#d29922}
.g-pending{fill:#6e7681}.g-open{fill:#d29922;stroke:#d29922}.g-gapline{stroke:#8d96a0}.g-open.g-crashed{fill:#f85149;stroke:#f85149}}`;

/** Render `model` as a standalone SVG document fragment (`<svg …>…</svg>`). */
export function timelineSvg(model: TimelineModel): string {
  const rows = model.rows.slice(0, MAX_TIMELINE_ROWS);
  const hidden = model.rows.length - rows.length;
  const chartBottom = TOP + Math.max(1, rows.length) * ROW_H;
  const height = chartBottom + 44 + (hidden > 0 ? 16 : 0);
  const scale = timelineScale(model, CHART_X, CHART_W);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="timeline-title">`,
    `<title id="timeline-title">Step timeline: ${model.rows.length} step${model.rows.length === 1 ? '' : 's'}, ${escapeHtml(formatDuration(model.endMs))}${model.breaks.length > 0 ? `, ${model.breaks.length} resume gap${model.breaks.length === 1 ? '' : 's'}` : ''}</title>`,
    `<style>${STYLE}</style>`,
    `<rect class="g-bg" x="0" y="0" width="${WIDTH}" height="${height}"/>`,
  ];
  rows.forEach((_row, i) => {
    if (i % 2 === 0) parts.push(`<rect class="g-stripe" x="0" y="${TOP + i * ROW_H}" width="${WIDTH}" height="${ROW_H}"/>`);
  });
  parts.push(...breakBands(scale, chartBottom));
  parts.push(...axis(scale, chartBottom));
  rows.forEach((row, i) => {
    const y = TOP + i * ROW_H;
    const indent = Math.min(row.depth, 6) * 12;
    const room = LABEL_CHARS - Math.round(indent / 7.2);
    const label = row.label.length > room ? `${row.label.slice(0, room - 1)}…` : row.label;
    parts.push(`<circle class="g-${statusClass(row.status)}" cx="${10 + indent}" cy="${y + ROW_H / 2}" r="4"/>`);
    parts.push(`<text class="g-text" x="${20 + indent}" y="${y + ROW_H / 2 + 4}"><title>${escapeHtml(`${row.stepPath} (${row.status})`)}</title>${escapeHtml(label)}</text>`);
    if (row.bars.length === 0) parts.push(`<text class="g-muted" x="${CHART_X}" y="${y + ROW_H / 2 + 4}">no attempt recorded</text>`);
    for (const bar of row.bars) parts.push(...barShapes(bar, row.stepPath, scale, y + (ROW_H - BAR_H) / 2));
  });
  parts.push(...legend(chartBottom + 30));
  if (hidden > 0) parts.push(`<text class="g-muted" x="20" y="${chartBottom + 50}">+ ${hidden} more step${hidden === 1 ? '' : 's'} not drawn (the step list has them all)</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}

function axis(scale: TimelineScale, bottom: number): string[] {
  const out = [`<line class="g-grid" x1="${CHART_X}" y1="${TOP - 6}" x2="${CHART_X + CHART_W}" y2="${TOP - 6}"/>`];
  let previous = '';
  for (const tick of scale.ticks) {
    // Just after a long break, neighbouring ticks can round to the same label: keep the first.
    const label = formatOffset(tick.ms);
    if (label === previous) continue;
    previous = label;
    out.push(`<line class="g-grid" x1="${r(tick.x)}" y1="${TOP - 10}" x2="${r(tick.x)}" y2="${bottom}" stroke-opacity=".55"/>`);
    out.push(`<text class="g-muted" x="${r(tick.x)}" y="${TOP - 14}" text-anchor="middle">${escapeHtml(label)}</text>`);
  }
  return out;
}

function breakBands(scale: TimelineScale, bottom: number): string[] {
  return scale.breaks.flatMap((b) => {
    const zig = (x: number) => {
      let d = `M${r(x)} ${TOP - 6}`;
      for (let y = TOP - 6, k = 0; y < bottom; y += 6, k += 1) d += ` L${r(x + (k % 2 === 0 ? 3 : -3))} ${Math.min(bottom, y + 6)}`;
      return `<path class="g-zig" d="${d}"/>`;
    };
    return [
      `<rect class="g-break" x="${r(b.x0)}" y="${TOP - 6}" width="${r(b.x1 - b.x0)}" height="${bottom - TOP + 6}"><title>${escapeHtml(b.label)}</title></rect>`,
      zig(b.x0 + 4),
      zig(b.x1 - 4),
      `<text class="g-muted" x="${r((b.x0 + b.x1) / 2)}" y="${bottom + 14}" text-anchor="middle">${escapeHtml(b.label)}</text>`,
    ];
  });
}

function barShapes(bar: TimelineBar, stepPath: string, scale: TimelineScale, y: number): string[] {
  const tip = `${stepPath} ${bar.attemptId}: ${bar.open ? 'in flight when the log stops' : bar.status}, ${formatDuration(bar.endMs - bar.startMs)}`;
  const title = `<title>${escapeHtml(tip)}</title>`;
  const pieces = splitByBreaks(bar, scale);
  const out: string[] = [];
  pieces.forEach((piece, i) => {
    const x0 = scale.x(piece.fromMs);
    const w = Math.max(2, scale.x(piece.toMs) - x0);
    const cls = bar.open ? (bar.status === 'crashed' ? 'g-open g-crashed' : 'g-open') : `g-${statusClass(bar.status)}`;
    out.push(`<rect class="${cls}" x="${r(x0)}" y="${y}" width="${r(w)}" height="${BAR_H}" rx="2">${title}</rect>`);
    const next = pieces[i + 1];
    if (next !== undefined) out.push(`<line class="g-gapline" x1="${r(x0 + w)}" y1="${y + BAR_H / 2}" x2="${r(scale.x(next.fromMs))}" y2="${y + BAR_H / 2}"/>`);
  });
  if (bar.open) {
    const x = scale.x(bar.endMs) + 1;
    out.push(`<path class="g-running" d="M${r(x)} ${y - 1} L${r(x + 8)} ${y + BAR_H / 2} L${r(x)} ${y + BAR_H + 1} Z">${title}</path>`);
    out.push(`<text class="g-muted" x="${r(x + 11)}" y="${y + BAR_H - 3}">${bar.status === 'crashed' ? 'crashed in flight' : 'in flight'}</text>`);
  }
  return out;
}

/** The bar minus every break it crosses. */
function splitByBreaks(bar: TimelineBar, scale: TimelineScale): { fromMs: number; toMs: number }[] {
  const pieces: { fromMs: number; toMs: number }[] = [];
  let from = bar.startMs;
  for (const s of scale.segments) {
    if (s.toMs < from || s.fromMs > bar.endMs) continue;
    const a = Math.max(from, s.fromMs);
    const b = Math.min(bar.endMs, s.toMs);
    if (b >= a) pieces.push({ fromMs: a, toMs: b });
    from = Math.max(from, b);
  }
  return pieces.length > 0 ? pieces : [{ fromMs: bar.startMs, toMs: bar.endMs }];
}

function legend(y: number): string[] {
  const items: [string, string][] = [['g-completed', 'completed'], ['g-failed', 'failed'], ['g-open', 'in flight (open-ended)'], ['g-break', 'resume gap (time cut)']];
  let x = 20;
  return items.flatMap(([cls, label]) => {
    const out = [`<rect class="${cls}" x="${x}" y="${y - 9}" width="14" height="10" rx="2"/>`, `<text class="g-muted" x="${x + 19}" y="${y}">${label}</text>`];
    x += 34 + label.length * 6.2;
    return out;
  });
}

function statusClass(status: string): string {
  if (status === 'crashed') return 'failed';
  return status === 'completed' || status === 'failed' || status === 'running' ? status : 'pending';
}

function r(n: number): string {
  return String(Math.round(n * 10) / 10);
}
