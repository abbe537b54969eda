/** The run view's compare tab: this run against another, and its own checks (replay vs live, resume audit). */
import { CompareView } from '../compare/compare-view';
import type { TabProps } from './tab-props';

/** Compare of the open run. */
export function CompareTab({ detail, route }: TabProps) {
  return <CompareView detail={detail} route={route} />;
}
