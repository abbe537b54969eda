/** The run view's timeline tab: the step Gantt, or why there is nothing to draw; its axis comes once main has built the run's lists. */
import { runItemKey } from '../../../shared/run/run-key';
import { api } from '../../api';
import { formatRoute } from '../../routing/route';
import { useRunFetch } from '../../stores/use-run-fetch';
import { Gantt } from '../timeline/gantt';
import { ListLoading } from '../../components/list-loading';
import type { TabProps } from './tab-props';

/** Gantt of the run's steps (and step-less harness sessions); an explanation when empty. */
export function TimelineTab({ detail, route }: TabProps) {
  const { ref } = detail;
  const timeline = useRunFetch(runItemKey(ref, 'timeline'), detail.build, () => api['run.timeline'](ref));
  // In time travel the minimap draws the whole run around the as-of cursor (the Gantt draws it as of #N).
  const latest = { dataDir: ref.dataDir, runId: ref.runId };
  const whole = useRunFetch(route.at === undefined ? null : runItemKey(latest, 'timeline', 'whole'), detail.build, () => api['run.timeline'](latest));
  if (timeline.phase !== 'ready') return <ListLoading error={timeline.phase === 'error' ? timeline.error : null} what={`the timeline of ${detail.steps.count.toLocaleString('en-US')} steps`} />;
  const { rowCount, stepCount } = timeline.value;
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
      <Gantt
        detail={detail}
        timeline={timeline.value}
        route={route}
        whole={route.at !== undefined && whole.phase === 'ready' ? whole.value : null}
        asOfAt={route.at !== undefined ? detail.lastRecordedAt : null}
      />
    </>
  );
}
