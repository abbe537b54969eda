/**
 * Reads artifacts (manifest + blob) with the same checks, in the same order, as
 * little-workflow's `readArtifact` (format notes §11.6), each failure a typed diagnostic.
 */
import { createHash } from 'node:crypto';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { ARTIFACT_ID_PATTERN, RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { checkId, isRecord, parseJson, readContainedFile, readContainedJson } from '../fs/safe-paths';

/** The three payload encodings little-workflow writes. */
export type ArtifactEncoding = 'json' | 'utf-8' | 'binary';

/** An artifact manifest as stored in `artifacts/<artifactId>.json`. */
export type ArtifactManifest = {
  artifactId: string;
  artifactRef: string;
  runId: string;
  stepPath?: string;
  name: string;
  contentType: string;
  encoding: ArtifactEncoding;
  sha256: string;
  sizeBytes: number;
  createdAt: string;
};

/** A verified artifact: manifest plus decoded payload (string, JSON value or bytes). */
export type ArtifactRead = { manifest: ArtifactManifest; payload: unknown };

const REF_PREFIX = 'artifact://';

/** Read and verify the artifact `ref` (`artifact://art_…`); `expectedRunId` adds the ownership check. */
export function readArtifact(dataDir: string, ref: string, expectedRunId?: string): Result<ArtifactRead> {
  const manifest = readArtifactManifest(dataDir, ref);
  if (!manifest.ok) return manifest;
  const { artifactId } = manifest.value;
  const blob = readContainedFile(dataDir, 'artifacts', 'blobs', `${artifactId}.bin`);
  if (!blob.ok) return blob;
  if (blob.value.kind === 'missing') {
    return fail(diagnostic('artifact-missing', `The payload of ${ref} is missing (${blob.value.path})`, { path: blob.value.path }));
  }
  const bytes = blob.value.bytes;
  const actual = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (actual !== manifest.value.sha256) {
    return fail(
      diagnostic('artifact-hash-mismatch', `The payload of ${ref} does not match its manifest hash`, {
        path: blob.value.path,
        detail: { expected: manifest.value.sha256, actual },
      }),
    );
  }
  if (bytes.byteLength !== manifest.value.sizeBytes) {
    return fail(
      diagnostic('artifact-corrupt', `The payload of ${ref} is ${bytes.byteLength} bytes; its manifest says ${manifest.value.sizeBytes}`, {
        path: blob.value.path,
      }),
    );
  }
  if (expectedRunId !== undefined && manifest.value.runId !== expectedRunId) {
    return fail(
      diagnostic('artifact-wrong-run', `${ref} belongs to ${manifest.value.runId}, not ${expectedRunId}`, {
        runId: expectedRunId,
        detail: { owner: manifest.value.runId },
      }),
    );
  }
  const payload = decodePayload(bytes, manifest.value.encoding);
  if (!payload.ok) return fail(diagnostic('artifact-corrupt', `The json payload of ${ref} does not parse: ${payload.message}`, { path: blob.value.path }));
  return ok({ manifest: manifest.value, payload: payload.value });
}

/** Read and shape-check the manifest of `ref` without touching the blob. */
export function readArtifactManifest(dataDir: string, ref: string): Result<ArtifactManifest> {
  const id = checkId(ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined, ARTIFACT_ID_PATTERN, 'artifact');
  if (!id.ok) return fail({ ...id.error, message: `${JSON.stringify(ref)} is not a valid artifact ref (artifact://art_…)` });
  const artifactId = id.value;
  const file = readContainedJson(dataDir, ['artifacts', `${artifactId}.json`], (path) => diagnostic('artifact-missing', `No manifest for ${ref} (${path})`, { path }));
  if (!file.ok) return file;
  const { path, parsed } = file.value;
  if (!parsed.ok) return fail(diagnostic('artifact-corrupt', `The manifest of ${ref} is not JSON: ${parsed.message}`, { path }));
  const m = parsed.value;
  if (!isRecord(m)) return fail(diagnostic('artifact-corrupt', `The manifest of ${ref} is not a JSON object`, { path }));
  // little-workflow treats an id/ref mismatch as a hash mismatch, before other shape errors.
  if (m.artifactId !== artifactId || m.artifactRef !== ref) {
    return fail(diagnostic('artifact-hash-mismatch', `The manifest at ${path} names ${String(m.artifactRef)}, not ${ref}`, { path }));
  }
  const problem = shapeProblem(m);
  if (problem !== null) return fail(diagnostic('artifact-corrupt', `The manifest of ${ref} is malformed: ${problem}`, { path }));
  return ok(m as unknown as ArtifactManifest);
}

function shapeProblem(m: Record<string, unknown>): string | null {
  if (typeof m.runId !== 'string' || !RUN_ID_PATTERN.test(m.runId)) return 'runId must be a valid run id';
  if (m.stepPath !== undefined && typeof m.stepPath !== 'string') return 'stepPath must be a string when present';
  if (typeof m.name !== 'string' || m.name.length === 0) return 'name must be a non-empty string';
  if (typeof m.contentType !== 'string' || m.contentType.length === 0) return 'contentType must be a non-empty string';
  if (m.encoding !== 'json' && m.encoding !== 'utf-8' && m.encoding !== 'binary') return 'encoding must be json, utf-8 or binary';
  if (typeof m.sha256 !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(m.sha256)) return 'sha256 must be a sha256 digest';
  if (typeof m.sizeBytes !== 'number' || !Number.isSafeInteger(m.sizeBytes) || m.sizeBytes < 0) return 'sizeBytes must be a non-negative integer';
  if (typeof m.createdAt !== 'string' || m.createdAt.length === 0) return 'createdAt must be a string';
  return null;
}

function decodePayload(bytes: Buffer, encoding: ArtifactEncoding): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (encoding) {
    case 'json':
      return parseJson(bytes.toString('utf8'));
    case 'utf-8':
      return { ok: true, value: bytes.toString('utf8') };
    case 'binary':
      return { ok: true, value: new Uint8Array(bytes) };
  }
}
