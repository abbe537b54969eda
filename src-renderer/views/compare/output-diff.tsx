/**
 * The JSON diff of one step's outputs in the two runs, fetched on demand: each side's whole
 * output comes from its StepCompleted event or its artifact (the step payload store caches
 * both), then `jsonDiff` lists the paths that differ.
 */
import { useEffect, useMemo } from 'react';
import { jsonDiff } from '../../../shared/compare/json-diff';
import type { Pair } from '../../../shared/compare/run-diff';
import type { StepActivity } from '../../../shared/compare/step-activity';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { previewValue } from '../../../shared/run/run-output';
import type { Load } from '../../stores/load';
import { artifactKey, outputKey, useStepPayloadStore } from '../../stores/step-payload-store';

/** Characters of a value shown per side of a change. */
const VALUE_TEXT = 240;

type Side = { ref: RunRef; activity: StepActivity | null };

/** Where one side's output stands: absent, loading, failed, or its value. */
function useOutput({ ref, activity }: Side): Load<unknown> | { phase: 'none' } {
  const { artifacts, outputs, loadArtifact, loadOutput } = useStepPayloadStore();
  const source = activity?.output ?? null;
  useEffect(() => {
    if (source?.kind === 'artifact') loadArtifact(ref, source.ref);
    if (source?.kind === 'event') loadOutput(ref, source.sequence);
  }, [ref.dataDir, ref.runId, source?.kind === 'artifact' ? source.ref : source?.sequence]);
  if (source === null) return { phase: 'none' };
  if (source.kind === 'event') return outputs[outputKey(ref, source.sequence)] ?? { phase: 'loading' };
  const artifact = artifacts[artifactKey(ref, source.ref)];
  if (artifact === undefined) return { phase: 'loading' };
  return artifact.phase === 'ready' ? { phase: 'ready', value: previewValue(artifact.value.payload) } : artifact;
}

function text(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > VALUE_TEXT ? `${json.slice(0, VALUE_TEXT)}…` : json;
}

/** The diff of the outputs of `stepPath` in runs `a` and `b`. */
export function OutputDiff({ stepPath, a, b, activity }: { stepPath: string; a: RunRef; b: RunRef; activity: Pair<StepActivity> }) {
  const left = useOutput({ ref: a, activity: activity.a });
  const right = useOutput({ ref: b, activity: activity.b });
  const ready = left.phase === 'ready' && right.phase === 'ready';
  const diff = useMemo(() => (ready ? jsonDiff(left.value, right.value) : null), [ready, left, right]);

  for (const [name, side] of [['A', left], ['B', right]] as const) {
    if (side.phase === 'error') return <p role="alert" className="error">Output of {name} could not be read: {side.error.code}: {side.error.message}</p>;
    if (side.phase === 'none') return <p className="muted">Run {name} has no output for {stepPath} to compare.</p>;
  }
  if (diff === null) return <p className="muted" role="status">Reading both outputs…</p>;
  if (diff.changes.length === 0) return <p className="muted">The outputs are equal as JSON (they differ only in what the hash covers: key order or encoding).</p>;
  return (
    <div className="cmp-json-diff" aria-label={`JSON diff of ${stepPath}`}>
      <table>
        <thead>
          <tr>
            <th>path</th>
            <th>change</th>
            <th>A</th>
            <th>B</th>
          </tr>
        </thead>
        <tbody>
          {diff.changes.map((c) => (
            <tr key={c.path} className={`cmp-json-${c.kind}`}>
              <td className="mono">{c.path}</td>
              <td>{c.kind}</td>
              <td className="mono">{c.kind === 'added' ? '' : text(c.a)}</td>
              <td className="mono">{c.kind === 'removed' ? '' : text(c.b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {diff.truncated && <p className="muted">Only the first {diff.changes.length} differences are listed.</p>}
    </div>
  );
}
