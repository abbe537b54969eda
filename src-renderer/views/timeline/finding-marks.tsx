/**
 * The timeline's "Findings" lane, under the axis: one mark per behavioural finding (docs/SCAN.md)
 * at the time of its first event, coloured by severity. A mark is a link to that event (Tab
 * reaches it, Enter opens it, its name says what it is). The lane is always drawn, so the rows
 * below do not move when the scan arrives. It is a listitem: the Gantt's rows are a list.
 */
import type { RunHead, TimelineHead } from '../../../shared/run/run-head-types';
import { isoToAxis } from '../../../shared/timeline/time-axis';
import { eventHref, type RunAddress } from '../../components/run-links';
import { useRunScan } from '../../stores/scan-store';
import type { TimelineWindow } from '../../stores/timeline-store';
import { findingLabel } from '../overview/behaviour-facts';
import { pct } from './axis-ticks';
import './finding-marks.css';

/** Height of the findings lane in px (part of the Gantt's sticky header). */
export const FINDING_MARKS_HEIGHT = 22;

/** The findings lane of run `detail` on the Gantt's axis `model`, as seen through window `w`. */
export function FindingMarks({ detail, model, window: w, at }: { detail: RunHead; model: Pick<TimelineHead, 'axis'>; window: TimelineWindow; at: RunAddress }) {
  const scan = useRunScan(detail.ref, detail.build);
  const findings = scan.phase === 'ready' ? scan.value.findings : [];
  const label = scan.phase === 'ready' ? (findings.length === 0 ? 'Findings: none' : `Findings (${findings.length})`) : scan.phase === 'error' ? 'Findings: scan failed' : 'Findings: scanning…';
  return (
    <div className="tl-findings" style={{ height: FINDING_MARKS_HEIGHT }} role="listitem" aria-label="Behaviour findings on the timeline">
      <div className="tl-label tl-axis-label muted" title={scan.phase === 'error' ? scan.error.message : undefined}>
        {label}
      </div>
      <div className="tl-lane">
        {findings.map((finding, i) => {
          const first = finding.sequences[0];
          const iso = scan.phase === 'ready' ? scan.value.firstAt[i] : null;
          if (first === undefined || iso === null) return null;
          const a = isoToAxis(model.axis, iso, 0);
          if (a < w.start || a > w.end) return null;
          return (
            <a
              key={`${finding.kind}-${first}-${i}`}
              className={`tl-finding tl-finding-${finding.severity}`}
              style={{ left: `${pct(a, w)}%` }}
              href={eventHref(at, first)}
              aria-label={`${findingLabel(finding)} (event ${first})`}
              title={`${findingLabel(finding)}\nEvent #${first}: open it`}
              data-kind={finding.kind}
            />
          );
        })}
      </div>
    </div>
  );
}
