/**
 * little-workflow's hash derivations over canonical JSON, with the sha256 function
 * injected: `shared/` cannot import node:crypto, so main passes its own.
 */
import { canonicalJson, LONE_SURROGATE } from '../../canonical/canonical-json';
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

// An escaped UTF-16 surrogate (`\uD800`..`\uDFFF`): the text may hold a lone one, which canonical JSON refuses.
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/**
 * The eventId of `event` hashing its payload's stored text as it is, without parsing and
 * re-serialising it: when the text is the canonical JSON of the payload (little-workflow writes
 * it so), this is `recomputeEventId(event)`. Undefined when that cannot be told from the text
 * alone (an escaped surrogate, a lone surrogate in a field, a sequence that is not a number):
 * then only `recomputeEventId` decides. A result equal to the stored eventId proves the text is
 * the one the writer hashed (up to a collision of the 64-bit id); any other result settles
 * nothing, so the caller recomputes from the parsed payload.
 */
export function eventIdOfStoredText(event: EventEnvelope, payloadText: string, sha256Hex: Sha256Hex): string | undefined {
  const { runId, sequence, type, occurrenceId } = event;
  if (!Number.isFinite(sequence) || LONE_SURROGATE.test(runId) || LONE_SURROGATE.test(type)) return undefined;
  if (occurrenceId !== undefined && LONE_SURROGATE.test(occurrenceId)) return undefined;
  if (payloadText.includes('\\u') && ESCAPED_SURROGATE.test(payloadText)) return undefined;
  // Canonical key order of the hashed envelope: occurrenceId, payload, runId, sequence, type.
  const occurrence = occurrenceId === undefined ? '' : `"occurrenceId":${JSON.stringify(occurrenceId)},`;
  const text = `{${occurrence}"payload":${payloadText},"runId":${JSON.stringify(runId)},"sequence":${JSON.stringify(sequence)},"type":${JSON.stringify(type)}}`;
  return `evt_${sha256Hex(text).slice(0, 16)}`;
}
