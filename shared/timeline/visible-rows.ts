/** Which timeline rows are shown, given the folded groups (rows are in pre-order). */
import type { TimelineRow } from './timeline-types';

/**
 * Folded groups: every group collapsed (`allCollapsed`) or expanded, except those in `ids`
 * (toggled by hand). An aggregated loop (a row with `visits`) is folded in both cases unless
 * toggled: "expand all" must not pour its thousands of visit rows back in.
 */
export type FoldState = { allCollapsed: boolean; ids: Readonly<Record<string, true>> };

/** What folding reads of a row. */
export type FoldRow = Pick<TimelineRow, 'id' | 'descendants' | 'visits'>;

/** True when group row `row` is folded under `fold` (rows without children never are). */
export function isFolded(fold: FoldState, row: FoldRow): boolean {
  return row.descendants > 0 && (fold.ids[row.id] === true) !== (fold.allCollapsed || row.visits !== undefined);
}

/** Indices of the rows outside every folded subtree. O(rows shown). */
export function visibleRows(rows: ReadonlyArray<FoldRow>, fold: FoldState): number[] {
  const shown: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    shown.push(i);
    if (isFolded(fold, rows[i])) i += rows[i].descendants;
  }
  return shown;
}
