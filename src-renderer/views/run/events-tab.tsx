/** The run view's events tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function EventsTab({ detail }: TabProps) {
  return <p className="empty">The events view of {detail.ref.runId} is not built yet.</p>;
}
