/**
 * The `little events <runId> [--type T] [--caller C]` filter (cli-core.ts @2884677,
 * `eventMatchesFilters` / `eventTypeMatches`).
 *
 * The type filter compares the stored type as written (no legacy-name normalisation):
 * an exact match, or a prefix match when the pattern ends with `*`. The caller filter
 * requires an object payload whose `caller` equals the given string.
 */
import type { EventEnvelope } from './envelope';

/** The two optional filters of `little events`. */
export type EventFilter = {
  type?: string;
  caller?: string;
};

/** True when `type` matches `pattern` (`foo*` is a prefix match, anything else exact). */
export function eventTypeMatches(type: string, pattern: string): boolean {
  // Only a trailing `*` is special; `*` elsewhere is literal, as in the CLI.
  if (pattern.endsWith('*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}

/** True when `event` passes every filter that is set. */
export function eventMatchesFilter(
  event: Pick<EventEnvelope, 'type' | 'payload'>,
  filter: EventFilter,
): boolean {
  if (filter.type !== undefined && !eventTypeMatches(event.type, filter.type)) return false;
  if (filter.caller !== undefined) {
    const payload = event.payload;
    // Arrays are not "records" in the CLI's sense, so an array payload never matches.
    const isRecord = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
    return isRecord && (payload as Record<string, unknown>).caller === filter.caller;
  }
  return true;
}

/** The events `little events` would print, in their original order. */
export function filterEvents<E extends Pick<EventEnvelope, 'type' | 'payload'>>(
  events: readonly E[],
  filter: EventFilter,
): E[] {
  return events.filter((event) => eventMatchesFilter(event, filter));
}
