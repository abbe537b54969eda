/** The run view's steps tab: the step list and the selected step's detail (`#/run/<id>/step/<path>`). */
import { useRunStep } from '../../stores/run-pieces';
import { StepDetailView } from '../steps/step-detail';
import { StepList } from '../steps/step-list';
import '../steps/steps.css';
import type { TabProps } from './tab-props';

/** Steps of the run; explains runs without steps and step paths the run does not have. */
export function StepsTab({ detail, route }: TabProps) {
  const { ref } = detail;
  const stepPath = route.step;
  const view = useRunStep(ref, detail.build, stepPath);
  if (detail.steps.count === 0) {
    const sessions = detail.harness.counts.sessions;
    return (
      <p className="empty" role="status">
        This run has no workflow steps{sessions > 0 ? ` (it has ${sessions} harness sessions: see Turns & tools)` : ''}.
      </p>
    );
  }
  return (
    <div className="steps-layout">
      <StepList detail={detail} route={route} />
      <div className="steps-detail-pane">
        {stepPath === undefined ? (
          <p className="empty">Select a step to see its attempts, output, artifacts and cost.</p>
        ) : view.phase === 'ready' ? (
          <StepDetailView detail={detail} view={view.value} route={route} />
        ) : view.phase === 'error' ? (
          <p role="alert" className="error">
            {view.error.code === 'item-not-found' ? (
              <>
                This run has no step <code>{stepPath}</code>.
              </>
            ) : (
              view.error.message
            )}
          </p>
        ) : (
          <p className="loading" role="status">
            Loading step <code>{stepPath}</code>…
          </p>
        )}
      </div>
    </div>
  );
}
