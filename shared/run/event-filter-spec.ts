/** The events list's filter as main applies it: blank fields are unset, the rest trimmed. */
import type { EventFilterSpec } from './run-detail-types';

/** `filter` without blank fields, or null when nothing is left to filter by. */
export function cleanEventFilter(filter: EventFilterSpec | undefined): EventFilterSpec | null {
  const out: EventFilterSpec = {};
  if (filter?.typePrefix?.trim()) out.typePrefix = filter.typePrefix.trim();
  if (filter?.caller?.trim()) out.caller = filter.caller.trim();
  if (filter?.stepPath?.trim()) out.stepPath = filter.stepPath.trim();
  return Object.keys(out).length === 0 ? null : out;
}
