/** The run view's crash & resume tab. */
import { runBase } from '../../routing/route';
import { CrashView } from '../crash/crash-view';
import type { TabProps } from './tab-props';

export function CrashTab({ detail, route }: TabProps) {
  return <CrashView detail={detail} at={runBase(route)} />;
}
