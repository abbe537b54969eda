/** The run view's compare tab: replay vs live consistency and the resume audit. */
import { runBase } from '../../routing/route';
import { CompareView } from '../compare/compare-view';
import type { TabProps } from './tab-props';

/** Compare of the open run. */
export function CompareTab({ detail, route }: TabProps) {
  return <CompareView detail={detail} at={runBase(route)} />;
}
