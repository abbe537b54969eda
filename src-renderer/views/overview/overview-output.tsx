/** The run's output (or error): a preview at once, the whole body on request. */
import { useState } from 'react';
import type { JsonPreview } from '../../../shared/run/json-preview';
import type { RunHead } from '../../../shared/run/run-head-types';
import { runCompletedSequence, runOutputSource } from '../../../shared/run/run-output';
import { fetchRunOutput } from '../../stores/run-pieces';
import { JsonView } from '../../components/json-view';
import { EventLink, type RunAddress } from '../../components/run-links';
import { IDLE, LOADING, type Load } from '../../stores/load';

/** The output card: preview, "load the whole output" when it was cut, the artifact ref. */
export function OutputCard({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const { state } = detail;
  const [full, setFull] = useState<Load<unknown>>(IDLE);
  const completedSeq = runCompletedSequence(detail);

  const loadFull = async () => {
    const source = runOutputSource(detail);
    if (source === null) return;
    setFull(LOADING);
    setFull(await fetchRunOutput(detail.ref, source));
  };

  if (!state.output && !state.outputRef && !state.error) {
    return (
      <section className="ov-card ov-wide" aria-labelledby="ov-output-h">
        <h3 id="ov-output-h">Output</h3>
        <p className="empty">No output recorded{state.status === 'completed' ? '' : ' (the log has no RunCompleted)'}.</p>
      </section>
    );
  }
  return (
    <section className="ov-card ov-wide" aria-labelledby="ov-output-h">
      <h3 id="ov-output-h">{state.error ? 'Error' : 'Output'}</h3>
      {state.error && <PreviewBody preview={state.error} label="Run error" />}
      {state.output && full.phase !== 'ready' && <PreviewBody preview={state.output} label="Run output preview" />}
      {full.phase === 'ready' && <JsonView value={full.value} expandDepth={2} label="Run output" />}
      {full.phase === 'error' && (
        <p className="error" role="alert">
          Could not load the output: <strong>{full.error.code}</strong> {full.error.message}
        </p>
      )}
      <p className="ov-line muted">
        {state.outputRef && (
          <>
            Artifact <span className="mono">{state.outputRef}</span>.{' '}
          </>
        )}
        {completedSeq !== undefined && (
          <>
            From RunCompleted <EventLink at={at} sequence={completedSeq} />.{' '}
          </>
        )}
        {(state.output?.truncated || (state.outputRef && !state.output)) && full.phase !== 'ready' && (
          <button type="button" onClick={() => void loadFull()} disabled={full.phase === 'loading'}>
            {full.phase === 'loading' ? 'Loading…' : 'Load the whole output'}
          </button>
        )}
      </p>
    </section>
  );
}

function PreviewBody({ preview, label }: { preview: JsonPreview; label: string }) {
  if (!preview.truncated) return <JsonView value={preview.value} expandDepth={2} label={label} />;
  return (
    <div>
      <pre className="json-view ov-cut" aria-label={label}>
        {preview.text}…
      </pre>
      <p className="muted ov-line">Showing {preview.text.length.toLocaleString('en-US')} of {preview.totalChars.toLocaleString('en-US')} characters.</p>
    </div>
  );
}
