/**
 * little-workflow's hash derivations over canonical JSON, with the sha256 function
 * injected: `shared/` cannot import node:crypto, so main passes its own.
 */
import { canonicalJson } from '../../canonical/canonical-json';
import type { EventEnvelope } from '../../events/envelope';

/** Hex sha256 of a UTF-8 string (e.g. node:crypto's createHash('sha256')). */
export type Sha256Hex = (text: string) => string;

/** `"sha256:" + hex(sha256(canonicalJson(value)))`, as canonical.ts `sha256Digest`; undefined when not canonicalisable. */
export function sha256Digest(value: unknown, sha256Hex: Sha256Hex): string | undefined {
  let text: string;
  try {
    text = canonicalJson(value);
  } catch {
    return undefined;
  }
  return `sha256:${sha256Hex(text)}`;
}

/** The eventId little-workflow derives for an envelope (world.ts `eventIdFor`); recordedAt is not hashed. */
export function recomputeEventId(event: EventEnvelope, sha256Hex: Sha256Hex): string | undefined {
  const hashed: Record<string, unknown> = {
    runId: event.runId,
    sequence: event.sequence,
    type: event.type,
    payload: event.payload,
  };
  // occurrenceId joins the hash only when defined, exactly like the writer.
  if (event.occurrenceId !== undefined) hashed.occurrenceId = event.occurrenceId;
  const digest = sha256Digest(hashed, sha256Hex);
  return digest === undefined ? undefined : `evt_${digest.slice('sha256:'.length, 'sha256:'.length + 16)}`;
}
