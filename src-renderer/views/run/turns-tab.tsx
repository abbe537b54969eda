/** The run view's turns & tools tab. */
import { runBase } from '../../routing/route';
import { TurnsView } from '../turns/turns-view';
import type { TabProps } from './tab-props';

export function TurnsTab({ detail, route }: TabProps) {
  return <TurnsView detail={detail} at={runBase(route)} session={route.session} />;
}
