/** What every run-view tab receives. */
import type { RunHead } from '../../../shared/run/run-head-types';
import type { Route } from '../../routing/route';

/** The run's detail and the current address (a run route). */
export type TabProps = { detail: RunHead; route: Extract<Route, { view: 'run' }> };
