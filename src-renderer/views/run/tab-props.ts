/** What every run-view tab receives. */
import type { RunDetail } from '../../../shared/run/run-detail-types';
import type { Route } from '../../routing/route';

/** The run's detail and the current address (a run route). */
export type TabProps = { detail: RunDetail; route: Extract<Route, { view: 'run' }> };
