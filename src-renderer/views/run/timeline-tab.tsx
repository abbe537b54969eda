/** The run view's timeline tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function TimelineTab({ detail }: TabProps) {
  return <p className="empty">The timeline view of {detail.ref.runId} is not built yet.</p>;
}
