/** Shared chart chrome: a figure with a caption, a fixed-height image region (no layout jumps) and a data table. */
import { useState, type ReactNode } from 'react';
import { useStagedMount } from '../../components/use-staged-mount';

/** Theme-following colors for recharts props (SVG presentation attributes accept var()). */
export const CHART = {
  axis: { fill: 'var(--muted)', fontSize: 11 },
  grid: 'var(--border)',
  cost: 'var(--cost-bar)',
  tooltip: { background: 'var(--bg)', border: '1px solid var(--border)', borderRadius: 4, fontSize: 12, color: 'var(--fg)' },
} as const;

/** Id of the SVG hatch pattern marking unpriced rows (defined once by {@link HatchDefs}). */
export const HATCH_ID = 'li-unpriced-hatch';

/** The hatch pattern, in a zero-size SVG so every chart can reference it by URL. */
export function HatchDefs() {
  return (
    <svg width="0" height="0" className="costs-defs" aria-hidden="true" focusable="false">
      <defs>
        <pattern id={HATCH_ID} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" className="hatch-bg" />
          <line x1="0" y1="0" x2="0" y2="6" className="hatch-line" strokeWidth="2" />
        </pattern>
      </defs>
    </svg>
  );
}

type Props = { title: string; summary: string; height: number; note?: ReactNode; table?: ReactNode; children: ReactNode };

/** A chart figure: `summary` is the accessible description of the drawing; `table` the data behind it. */
export function ChartFrame({ title, summary, height, note, table, children }: Props) {
  // The frame is laid out at once (no jumps); the drawing comes in its own task.
  const ready = useStagedMount();
  // Tables are built when opened: hundreds of hidden cells would slow every layout the charts force.
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      <div className="chart-canvas" role="img" aria-label={`${title}: ${summary}`} aria-busy={!ready} style={{ height }}>
        {ready && children}
      </div>
      {note && <div className="chart-note">{note}</div>}
      {table && (
        <details className="chart-data" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
          <summary>Data table</summary>
          {tableOpen && table}
        </details>
      )}
    </figure>
  );
}
