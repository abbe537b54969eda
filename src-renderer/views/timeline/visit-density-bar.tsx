/**
 * What an aggregated loop row draws: its visit count (and failed visits) by the label, and in
 * the lane a density strip of where in the window its visits start, darker where they crowd,
 * with a red foot under the cells holding failed visits.
 */
import type { TimelineSegment } from '../../../shared/timeline/timeline-types';
import { densityBins, type VisitSummary } from '../../../shared/timeline/visit-density';
import type { TimelineWindow } from '../../stores/timeline-store';

/** Width of one density cell in px. */
const CELL_PX = 3;

/** "3,700 visits · 37 failed" next to the row's label. */
export function VisitCount({ visits }: { visits: VisitSummary }) {
  return (
    <span className="tl-note tl-visit-count" data-testid="visit-count">
      {visits.count.toLocaleString('en-US')} visits
      {visits.failed > 0 && <span className="tl-visit-failed"> · {visits.failed.toLocaleString('en-US')} failed</span>}
    </span>
  );
}

/** The density strip across the lane; a click opens (or closes) the loop like its twisty. */
export function VisitDensity({ segments, window: w, widthPx, onClick }: { segments: readonly TimelineSegment[]; window: TimelineWindow; widthPx: number; onClick(): void }) {
  const bins = Math.max(1, Math.floor(widthPx / CELL_PX));
  const { counts, failed } = densityBins(segments, w.start, w.end, bins);
  const most = Math.max(1, ...counts);
  return (
    <div className="tl-density" data-testid="visit-density" onClick={onClick}>
      {counts.map((count, i) =>
        count === 0 ? null : (
          <div key={i} className="tl-density-cell" style={{ left: `${(i / bins) * 100}%`, width: `${100 / bins}%`, opacity: 0.3 + (0.7 * count) / most }}>
            {failed[i] > 0 && <div className="tl-density-failed" />}
          </div>
        ),
      )}
    </div>
  );
}
