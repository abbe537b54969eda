/**
 * What the fleet index keeps of one event: the searchable text of every string in its payload,
 * each under its path (`request.messages[1].content`, `error.message`, `args.path`), and the facets
 * the filters ask about (step, tool, model). One walk over any payload covers every field kind of
 * every format (inputs, prompts and messages, model text, tool names, arguments and results, step
 * outputs, errors, session trace text) without a list per event type to keep in step with
 * little-workflow.
 */
import type { EventEnvelope } from '../events/envelope';

/** One string of an event and where it sits. */
export type EventField = { field: string; text: string };

/** The facets the filters `step:`, `tool:` and `model:` match. */
export type EventFacets = { stepId: string | null; stepPath: string | null; tool: string | null; model: string | null };

/** Limits: a field's text and an event's texts are cut here (the index is a search aid, not a copy of the log). */
export const FIELD_TEXT_LIMIT = 64 * 1024;
export const EVENT_TEXT_LIMIT = 1024 * 1024;

/** Keys whose strings are digests or opaque ids nobody searches for: left out to keep the index small. */
const SKIPPED_KEY = /(?:Hash|^sha256)$/;

/** Every searchable string of `payload` under `prefix` (the event's own fields have no prefix). */
export function payloadFields(payload: unknown, prefix = '', budget = EVENT_TEXT_LIMIT): EventField[] {
  const out: EventField[] = [];
  let left = budget;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (left <= 0 || depth > 64) return;
    if (typeof value === 'string') {
      if (value.length === 0) return;
      const text = value.length > FIELD_TEXT_LIMIT ? value.slice(0, FIELD_TEXT_LIMIT) : value;
      left -= text.length;
      out.push({ field: path === '' ? 'payload' : path, text });
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) walk(value[i], `${path}[${i}]`, depth + 1);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (SKIPPED_KEY.test(key)) continue;
        walk(child, path === '' ? key : `${path}.${key}`, depth + 1);
      }
    }
  };
  walk(payload, prefix, 0);
  return out;
}

function stringAt(value: unknown, ...path: string[]): string | null {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' && at !== '' ? at : null;
}

/**
 * The facets of an event, from the fields every format names them by: `stepId`/`stepPath`,
 * `toolName` (harness tool calls; `tool` on little-workflow's legacy tool events), and the model
 * a call used (`model.modelId` on a response, `request.model` on a call, a plain `model`).
 */
export function eventFacets(event: EventEnvelope): EventFacets {
  const p = event.payload;
  return {
    stepId: stringAt(p, 'stepId'),
    stepPath: stringAt(p, 'stepPath'),
    tool: stringAt(p, 'toolName') ?? stringAt(p, 'tool'),
    model: stringAt(p, 'model', 'modelId') ?? stringAt(p, 'request', 'model') ?? stringAt(p, 'model'),
  };
}
