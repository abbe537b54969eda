/** Which timeline rows are shown, given the folded groups (rows are in pre-order). */
import type { TimelineRow } from './timeline-types';

/** Folded groups: every group collapsed (`allCollapsed`) or expanded, except those in `ids`. */
export type FoldState = { allCollapsed: boolean; ids: Readonly<Record<string, true>> };

/** True when group row `row` is folded under `fold` (rows without children never are). */
export function isFolded(fold: FoldState, row: Pick<TimelineRow, 'id' | 'descendants'>): boolean {
  return row.descendants > 0 && (fold.ids[row.id] === true) !== fold.allCollapsed;
}

/** Indices of the rows outside every folded subtree. O(rows shown). */
export function visibleRows(rows: ReadonlyArray<Pick<TimelineRow, 'id' | 'descendants'>>, fold: FoldState): number[] {
  const shown: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    shown.push(i);
    if (isFolded(fold, rows[i])) i += rows[i].descendants;
  }
  return shown;
}
