/** The run view's steps tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function StepsTab({ detail }: TabProps) {
  return <p className="empty">The steps view of {detail.ref.runId} is not built yet.</p>;
}
