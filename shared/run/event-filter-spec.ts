/** The events list's filter as main applies it: blank fields are unset, the rest trimmed. */
import type { EventFilterSpec, EventRow } from './run-detail-types';

/** `filter` without blank fields, or null when nothing is left to filter by. */
export function cleanEventFilter(filter: EventFilterSpec | undefined): EventFilterSpec | null {
  const out: EventFilterSpec = {};
  if (filter?.typePrefix?.trim()) out.typePrefix = filter.typePrefix.trim();
  if (filter?.caller?.trim()) out.caller = filter.caller.trim();
  if (filter?.stepPath?.trim()) out.stepPath = filter.stepPath.trim();
  return Object.keys(out).length === 0 ? null : out;
}

/** True when `row` passes every filter that is set (type prefix, caller, step path or a path under it). */
export function rowMatchesFilter(row: EventRow, filter: EventFilterSpec): boolean {
  if (filter.typePrefix && !row.type.startsWith(filter.typePrefix)) return false;
  if (filter.caller && row.caller !== filter.caller) return false;
  if (filter.stepPath && !(row.stepPath === filter.stepPath || row.stepPath?.startsWith(`${filter.stepPath}.`) || row.stepPath?.startsWith(`${filter.stepPath}[`))) return false;
  return true;
}
