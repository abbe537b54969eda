/** The run view's steps tab: the step list and the selected step's detail (`#/run/<id>/step/<path>`). */
import { StepDetailView } from '../steps/step-detail';
import { StepList } from '../steps/step-list';
import '../steps/steps.css';
import type { TabProps } from './tab-props';

/** Steps of the run; explains runs without steps and step paths the run does not have. */
export function StepsTab({ detail, route }: TabProps) {
  if (detail.steps.length === 0) {
    return (
      <p className="empty" role="status">
        This run has no workflow steps{detail.harness.sessions.length > 0 ? ` (it has ${detail.harness.sessions.length} harness sessions: see Turns & tools)` : ''}.
      </p>
    );
  }
  const step = route.step === undefined ? undefined : detail.steps.find((s) => s.stepPath === route.step);
  return (
    <div className="steps-layout">
      <StepList detail={detail} route={route} />
      <div className="steps-detail-pane">
        {step ? (
          <StepDetailView detail={detail} step={step} route={route} />
        ) : route.step !== undefined ? (
          <p role="alert" className="error">
            This run has no step <code>{route.step}</code>.
          </p>
        ) : (
          <p className="empty">Select a step to see its attempts, output, artifacts and cost.</p>
        )}
      </div>
    </div>
  );
}
