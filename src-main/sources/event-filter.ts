/** The events list's filter and page cap, the same for every source. */
/** True when a row passes every filter that is set (shared with the bundle's page). */
export { rowMatchesFilter as matches } from '../../shared/run/event-filter-spec';

/** Most rows one request may ask for. */
export const MAX_EVENT_ROWS = 1000;
