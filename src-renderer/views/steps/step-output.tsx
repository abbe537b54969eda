/**
 * A step's output: the inline preview (whole value via `run.event` when it was cut), or the
 * output artifact hydrated through `run.artifact` with its hash status.
 */
import type { RunRef, StepDetail } from '../../../shared/run/run-detail-types';
import { payloadKey, useStepPayloadStore } from '../../stores/step-payload-store';
import { HashChip, ManifestFacts, useArtifact } from './artifact-status';
import { PreviewBody, ValueBody } from './preview-body';

/** The output section of the step detail. */
export function StepOutput({ runRef, step }: { runRef: RunRef; step: StepDetail }) {
  if (step.output) return <InlineOutput runRef={runRef} step={step} />;
  if (step.outputRef) return <ArtifactOutput runRef={runRef} artifactRef={step.outputRef} />;
  return <p className="muted">{step.status === 'completed' ? 'The step completed without an output.' : 'No output (the step has not completed).'}</p>;
}

function InlineOutput({ runRef, step }: { runRef: RunRef; step: StepDetail }) {
  const sequence = step.completedSequence;
  const full = useStepPayloadStore((s) => (sequence === undefined ? undefined : s.outputs[payloadKey(runRef, sequence)]));
  const loadOutput = useStepPayloadStore((s) => s.loadOutput);
  const preview = step.output!;
  return (
    <>
      <p className="muted">
        Inline in StepCompleted{sequence !== undefined ? ` #${sequence}` : ''}
        {step.outputRef ? (
          <>
            {' '}· also stored as <code>{step.outputRef}</code>
          </>
        ) : null}
      </p>
      {full?.state === 'ok' ? (
        <ValueBody value={full.value} label={`Output of ${step.stepPath}`} />
      ) : (
        <PreviewBody preview={preview} label={`Output of ${step.stepPath}`} />
      )}
      {preview.truncated && sequence !== undefined && full?.state !== 'ok' && (
        <button type="button" disabled={full?.state === 'loading'} onClick={() => loadOutput(runRef, sequence)}>
          {full?.state === 'loading' ? 'Loading the full output…' : `Load the full output (${preview.totalChars.toLocaleString('en-US')} characters)`}
        </button>
      )}
      {full?.state === 'error' && (
        <p role="alert" className="error">
          <strong>{full.error.code}</strong>: {full.error.message}
        </p>
      )}
    </>
  );
}

function ArtifactOutput({ runRef, artifactRef }: { runRef: RunRef; artifactRef: string }) {
  const load = useArtifact(runRef, artifactRef, true);
  return (
    <>
      <p className="artifact-line">
        <span className="muted">From artifact</span> <code>{artifactRef}</code> <HashChip load={load} />
        {load?.state === 'ok' && <ManifestFacts view={load.value} />}
      </p>
      {(!load || load.state === 'loading') && (
        <p className="loading" role="status">
          Reading and verifying the artifact…
        </p>
      )}
      {load?.state === 'error' && (
        <p role="alert" className="error">
          <strong>{load.error.code}</strong>: {load.error.message}
        </p>
      )}
      {load?.state === 'ok' && <PreviewBody preview={load.value.payload} label={`Output artifact ${artifactRef}`} />}
    </>
  );
}
