/**
 * What a consumer of a run's events reads of their payloads, so a reader can leave the rest
 * unparsed: most of a big run's bytes are model request bodies and session manifests that
 * `little report`'s fold never looks at.
 *
 * A reader given needs may hand an event of a type outside `types` the shared `UNREAD_PAYLOAD`
 * instead of its payload, but only when the stored payload is a JSON object it has checked is
 * valid: so "is it an object, is it null" (all the fold asks of any payload) still answers
 * truly, and a row that is not JSON still fails the same way. A reader may also ignore the
 * needs and parse everything (legacy JSONL logs do).
 */

/** The stored event types whose payloads a consumer reads; `null`: every type's. */
export type PayloadNeeds = { readonly types: readonly string[] | null };

/** Every payload parsed (the default). */
export const ALL_PAYLOADS: PayloadNeeds = { types: null };

/** The payload of an event a consumer said it does not read: a valid JSON object, left unparsed. */
export const UNREAD_PAYLOAD: Readonly<Record<string, never>> = Object.freeze(Object.create(null) as Record<string, never>);
