/** The run view's overview tab. */
import { OverviewView } from '../overview/overview-view';
import type { TabProps } from './tab-props';

export function OverviewTab({ detail, route }: TabProps) {
  return <OverviewView detail={detail} at={{ runId: route.runId, dir: route.dir }} />;
}
