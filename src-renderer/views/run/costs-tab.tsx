/** The run view's costs tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function CostsTab({ detail }: TabProps) {
  return <p className="empty">The costs view of {detail.ref.runId} is not built yet.</p>;
}
