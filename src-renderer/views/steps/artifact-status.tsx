/** An artifact's verification state (verified / missing / hash mismatch / …) with its manifest facts. */
import { useEffect, useState } from 'react';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { JsonView } from '../../components/json-view';
import type { Load } from '../../stores/load';
import { artifactKey, useStepPayloadStore, type ArtifactView } from '../../stores/step-payload-store';
import { PreviewBody } from './preview-body';

const LABELS: Record<string, string> = {
  'artifact-missing': 'missing',
  'artifact-hash-mismatch': 'hash mismatch',
  'artifact-wrong-run': 'belongs to another run',
  'artifact-corrupt': 'corrupt',
};

/** The fetch state of one artifact, loading it on mount when `autoLoad`. */
export function useArtifact(ref: RunRef, artifactRef: string, autoLoad: boolean): Load<ArtifactView> | undefined {
  const load = useStepPayloadStore((s) => s.artifacts[artifactKey(ref, artifactRef)]);
  const fetchArtifact = useStepPayloadStore((s) => s.loadArtifact);
  useEffect(() => {
    if (autoLoad) fetchArtifact(ref, artifactRef);
  }, [autoLoad, fetchArtifact, ref, artifactRef]);
  return load;
}

/** Status chip: verified, a named failure, checking, or not checked yet. */
export function HashChip({ load }: { load: Load<ArtifactView> | undefined }) {
  if (!load) return <span className="chip chip-muted">not checked</span>;
  if (load.phase === 'loading' || load.phase === 'idle') return <span className="chip chip-muted">checking…</span>;
  if (load.phase === 'ready') return <span className="chip chip-ok" title={`sha256 ${String(load.value.manifest.sha256 ?? '')}`}>✓ hash verified</span>;
  return (
    <span className="chip chip-fail" title={load.error.message}>
      ✗ {LABELS[load.error.code] ?? load.error.code}
    </span>
  );
}

/** Manifest facts in one line: content type, size, short hash. */
export function ManifestFacts({ view }: { view: ArtifactView }) {
  const m = view.manifest;
  const size = typeof m.sizeBytes === 'number' ? `${m.sizeBytes.toLocaleString('en-US')} bytes` : null;
  const sha = typeof m.sha256 === 'string' ? m.sha256.replace(/^sha256:/, '').slice(0, 12) : null;
  return (
    <span className="muted">
      {[m.contentType, size].filter(Boolean).join(' · ')}
      {sha && <span className="mono"> · sha256 {sha}…</span>}
    </span>
  );
}

/** One artifact of a step: ref, hash status, facts, and its payload on request. */
export function ArtifactRow({ runRef, artifactRef, autoLoad }: { runRef: RunRef; artifactRef: string; autoLoad: boolean }) {
  const load = useArtifact(runRef, artifactRef, autoLoad);
  const fetchArtifact = useStepPayloadStore((s) => s.loadArtifact);
  const [open, setOpen] = useState(false);
  return (
    <li className="artifact-row">
      <div className="artifact-line">
        <code>{artifactRef}</code>
        <HashChip load={load} />
        {load?.phase === 'ready' && <ManifestFacts view={load.value} />}
        {!load && (
          <button type="button" onClick={() => fetchArtifact(runRef, artifactRef)}>
            Verify
          </button>
        )}
        {load?.phase === 'ready' && (
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide payload' : 'Show payload'}
          </button>
        )}
      </div>
      {load?.phase === 'error' && <p className="step-error-text">{load.error.message}</p>}
      {open && load?.phase === 'ready' && (
        <div className="step-payload">
          <PreviewBody preview={load.value.payload} label={`Payload of ${artifactRef}`} />
          <details>
            <summary>Manifest</summary>
            <JsonView value={load.value.manifest} label={`Manifest of ${artifactRef}`} />
          </details>
        </div>
      )}
    </li>
  );
}
