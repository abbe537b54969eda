/** The run view's turns tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function TurnsTab({ detail }: TabProps) {
  return <p className="empty">The turns view of {detail.ref.runId} is not built yet.</p>;
}
