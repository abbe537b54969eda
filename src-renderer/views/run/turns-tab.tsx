/** The run view's turns & tools tab. */
import { TurnsView } from '../turns/turns-view';
import type { TabProps } from './tab-props';

export function TurnsTab({ detail, route }: TabProps) {
  return <TurnsView detail={detail} at={{ runId: route.runId, dir: route.dir }} session={route.session} />;
}
