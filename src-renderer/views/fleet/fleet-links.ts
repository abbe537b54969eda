/** Where a Fleet view bar or row leads: the run list filtered to the runs it counts (views/library/library-query.ts). */
import type { FleetGrouping } from '../../../shared/fleet/fleet-summary-types';
import { formatCost } from '../../format';

/** The run list filtered to one status (`crashed` included: the list shows crashed runs apart). */
export const statusHref = (status: string): string => `#/?status=${encodeURIComponent(status)}`;

/** The run list filtered to a group's runs, where the list has that filter (status, workflow version); null otherwise. */
export function groupHref(by: FleetGrouping, key: string): string | null {
  if (by === 'status') return statusHref(key);
  if (by === 'workflow-version' && key !== '(none)') return `#/?version=${encodeURIComponent(key)}`;
  return null;
}

/** A cost that never turns unknown into 0: `$1.20`, `$1.20 + 3 unpriced`, `unknown (3 unpriced)`. */
export function costText(costUsd: number | null, unpricedCalls: number): string {
  if (costUsd === null) return unpricedCalls > 0 ? `unknown (${unpricedCalls} unpriced)` : 'unknown';
  return unpricedCalls > 0 ? `${formatCost(costUsd)} + ${unpricedCalls} unpriced` : formatCost(costUsd);
}
