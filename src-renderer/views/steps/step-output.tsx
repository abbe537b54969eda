/**
 * A step's output: the inline preview (whole value via `run.event` when it was cut), or the
 * output artifact hydrated through `run.artifact` with its hash status.
 */
import type { RunRef, StepDetail } from '../../../shared/run/run-detail-types';
import { outputKey, useStepPayloadStore } from '../../stores/step-payload-store';
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
  const full = useStepPayloadStore((s) => (sequence === undefined ? undefined : s.outputs[outputKey(runRef, sequence)]));
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
      {full?.phase === 'ready' ? (
        <ValueBody value={full.value} label={`Output of ${step.stepPath}`} />
      ) : (
        <PreviewBody preview={preview} label={`Output of ${step.stepPath}`} />
      )}
      {preview.truncated && sequence !== undefined && full?.phase !== 'ready' && (
        <button type="button" disabled={full?.phase === 'loading'} onClick={() => loadOutput(runRef, sequence)}>
          {full?.phase === 'loading' ? 'Loading the full output…' : `Load the full output (${preview.totalChars.toLocaleString('en-US')} characters)`}
        </button>
      )}
      {full?.phase === 'error' && (
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
        {load?.phase === 'ready' && <ManifestFacts view={load.value} />}
      </p>
      {(!load || load.phase === 'loading') && (
        <p className="loading" role="status">
          Reading and verifying the artifact…
        </p>
      )}
      {load?.phase === 'error' && (
        <p role="alert" className="error">
          <strong>{load.error.code}</strong>: {load.error.message}
        </p>
      )}
      {load?.phase === 'ready' && <PreviewBody preview={load.value.payload} label={`Output artifact ${artifactRef}`} />}
    </>
  );
}
