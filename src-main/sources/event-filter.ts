/** The events list's filter and page cap, the same for every source. */
import type { EventFilterSpec, EventRow } from '../../shared/run/run-detail-types';

/** Most rows one request may ask for. */
export const MAX_EVENT_ROWS = 1000;

/** True when `row` passes every filter that is set (type prefix, caller, step path prefix). */
export function matches(row: EventRow, filter: EventFilterSpec): boolean {
  if (filter.typePrefix && !row.type.startsWith(filter.typePrefix)) return false;
  if (filter.caller && row.caller !== filter.caller) return false;
  if (filter.stepPath && !(row.stepPath === filter.stepPath || row.stepPath?.startsWith(`${filter.stepPath}.`) || row.stepPath?.startsWith(`${filter.stepPath}[`))) return false;
  return true;
}
