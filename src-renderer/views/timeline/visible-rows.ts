/** Which timeline rows are shown, given the collapsed groups (rows are in pre-order). */
import type { TimelineRow } from '../../../shared/timeline/timeline-types';

/** Indices of the rows outside every collapsed subtree. O(rows shown + collapsed groups). */
export function visibleRows(rows: readonly TimelineRow[], collapsed: Readonly<Record<string, true>>): number[] {
  const shown: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    shown.push(i);
    if (collapsed[rows[i].id]) i += rows[i].descendants;
  }
  return shown;
}

/** Ids of every row that has children (for "collapse all"). */
export function groupIds(rows: readonly TimelineRow[]): string[] {
  return rows.filter((r) => r.descendants > 0).map((r) => r.id);
}
