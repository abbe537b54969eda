/**
 * Hydrate a run's artifacts as `replayRun` does: every manifest first (one of another run
 * is "not found"), then every blob with its hash checked. The first failure wins.
 */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { readArtifact, readArtifactManifest, type ArtifactManifest } from './artifacts';

/** An artifact read and verified as `replayRun` hydrates it. */
export type HydratedArtifact<M = unknown> = { ref: string; manifest: M; payload: unknown };

/** Hydrated artifacts of `refs`, or the first failure (its `detail.ref` names the artifact). */
export function hydrateRunArtifacts(dataDir: string, runId: string, refs: readonly string[]): Result<HydratedArtifact<ArtifactManifest>[]> {
  for (const ref of refs) {
    const manifest = readArtifactManifest(dataDir, ref);
    if (!manifest.ok) return fail({ ...manifest.error, runId, detail: { ...manifest.error.detail, ref } });
    if (manifest.value.runId !== runId) {
      return fail(diagnostic('artifact-wrong-run', `${ref} belongs to ${manifest.value.runId}, not ${runId}`, { runId, detail: { ref, owner: manifest.value.runId } }));
    }
  }
  const hydrated: HydratedArtifact<ArtifactManifest>[] = [];
  for (const ref of refs) {
    const read = readArtifact(dataDir, ref);
    if (!read.ok) return fail({ ...read.error, runId, detail: { ...read.error.detail, ref } });
    hydrated.push({ ref, manifest: read.value.manifest, payload: read.value.payload });
  }
  return ok(hydrated);
}
