/** The run view's timeline tab: the step Gantt, or why there is nothing to draw. */
import { formatRoute } from '../../routing/route';
import { Gantt } from '../timeline/gantt';
import type { TabProps } from './tab-props';

/** Gantt of the run's steps (and step-less harness sessions); an explanation when empty. */
export function TimelineTab({ detail, route }: TabProps) {
  const { rowCount, stepCount } = detail.timeline;
  if (rowCount === 0) {
    return (
      <p className="empty" role="status">
        This run has no steps and no harness sessions yet ({detail.state.eventCount} events, status {detail.state.status}), so there is
        nothing to draw on a timeline. The <a href={formatRoute({ ...route, tab: 'events', step: undefined, session: undefined, event: undefined })}>events</a> show what was written.
      </p>
    );
  }
  return (
    <>
      {stepCount === 0 && (
        <p className="tl-notice muted" role="note">
          No workflow steps in this run: showing its harness sessions instead.
        </p>
      )}
      <Gantt detail={detail} route={route} />
    </>
  );
}
