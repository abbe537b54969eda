/** The run view's overview tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function OverviewTab({ detail }: TabProps) {
  return <p className="empty">The overview view of {detail.ref.runId} is not built yet.</p>;
}
