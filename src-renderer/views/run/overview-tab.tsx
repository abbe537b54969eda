/** The run view's overview tab. */
import { runBase } from '../../routing/route';
import { OverviewView } from '../overview/overview-view';
import type { TabProps } from './tab-props';

export function OverviewTab({ detail, route }: TabProps) {
  return <OverviewView detail={detail} at={runBase(route)} />;
}
