/** The run view's crash tab (placeholder until its view lands). */
import type { TabProps } from './tab-props';

export function CrashTab({ detail }: TabProps) {
  return <p className="empty">The crash view of {detail.ref.runId} is not built yet.</p>;
}
