/** The opened folder's little-harness sessions as the sessions panel lists them (`sessions.list`). */
import type { SessionListing } from '../../shared/harness-trace/session-view-types';
import { api } from '../api';
import type { Load } from './load';
import { useAnswer } from './use-answer';

/** The sessions under `root`, asked again whenever the opened folder changes. */
export function useSessionListings(root: string): Load<SessionListing[]> {
  return useAnswer(() => api['sessions.list']({}), root);
}
