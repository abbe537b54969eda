/**
 * The run list proper: a treegrid over the one `VirtualList` (fixed row height), driven by
 * the keyboard layer (j/k/g/G/Enter, arrows while focused, l/h to expand and collapse).
 */
import { useCallback, useMemo } from 'react';
import type { RunSummary } from '../../../shared/library';
import { VirtualList } from '../../components/virtual-list';
import { useListKeyboard } from '../../keyboard/use-list-keyboard';
import { formatRoute, type Route } from '../../routing/route';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { useRouteStore } from '../../stores/route-store';
import { HEADER_HEIGHT, ROW_HEIGHT, RUN_COLUMNS } from './run-columns';
import { DirRow, LoopRow, RunRow } from './run-rows';
import { RunTableHeader } from './run-table-header';
import type { ListRow } from './run-tree';

type RunTableProps = {
  rows: readonly ListRow[];
  /** Run ids present in several data dirs. */
  ambiguous: ReadonlySet<string>;
};

/** The route that opens `run` (with `?dir=` only when its id is ambiguous). */
export function runRoute(run: RunSummary, dirLabel: string, ambiguous: ReadonlySet<string>): Route {
  // A little-harness session row opens its session view (the harness data dir is the row's data dir).
  if (run.session !== undefined) return { view: 'session', sessionId: run.runId, dir: dirLabel };
  return { view: 'run', runId: run.runId, dir: ambiguous.has(run.runId) ? dirLabel : null, tab: 'overview' };
}

/** Rows → DOM, with selection, expansion and opening. */
export function RunTable({ rows, ambiguous }: RunTableProps) {
  const selectedKey = useLibraryViewStore((s) => s.selectedKey);
  const select = useLibraryViewStore((s) => s.select);
  const setExpanded = useLibraryViewStore((s) => s.setExpanded);
  const navigate = useRouteStore((s) => s.navigate);
  const picked = useLibraryViewStore((s) => s.picked);
  const togglePick = useLibraryViewStore((s) => s.togglePick);

  // j/k walk the runs; group headers are skipped (they toggle by click or Tab + Enter).
  const runIndexes = useMemo(() => rows.flatMap((row, i) => (row.kind === 'run' ? [i] : [])), [rows]);
  const selectedIndex = useMemo(() => rows.findIndex((row) => row.key === selectedKey), [rows, selectedKey]);
  const selectedRun = runIndexes.indexOf(selectedIndex);

  const open = useCallback(
    (row: ListRow) => {
      if (row.kind !== 'run') return;
      select(row.key);
      navigate(runRoute(row.run, row.dirLabel, ambiguous));
    },
    [ambiguous, navigate, select],
  );

  const listRef = useListKeyboard({
    count: runIndexes.length,
    selected: selectedRun,
    onSelect: (i) => select(rows[runIndexes[i]].key),
    onOpen: (i) => open(rows[runIndexes[i]]),
    onMark: (i) => {
      const row = rows[runIndexes[i]];
      if (row.kind === 'run') togglePick(row.run);
    },
    onExpand: (i, expand) => {
      const row = rows[runIndexes[i]];
      if (row.kind === 'run' && row.expanded !== null) setExpanded(row.key, expand);
    },
  });

  const renderRow = (index: number) => {
    const row = rows[index];
    const base = { id: `lib-row-${index}`, rowIndex: index + 2, selected: index === selectedIndex };
    switch (row.kind) {
      case 'dir':
        return <DirRow {...base} row={row} onToggle={() => setExpanded(row.key, !row.expanded)} />;
      case 'loop':
        return <LoopRow {...base} row={row} onToggle={() => setExpanded(row.key, !row.expanded)} />;
      case 'run':
        return (
          <RunRow
            {...base}
            row={row}
            href={formatRoute(runRoute(row.run, row.dirLabel, ambiguous))}
            onOpen={() => open(row)}
            onToggle={() => setExpanded(row.key, !row.expanded)}
            picked={picked.some((p) => p.dataDir === row.run.dataDir && p.runId === row.run.runId)}
            onPick={() => togglePick(row.run)}
          />
        );
    }
  };

  return (
    <VirtualList
      count={rows.length}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      rowKey={(index) => rows[index].key}
      scrollToIndex={selectedIndex >= 0 ? selectedIndex : null}
      label="Runs"
      role="treegrid"
      className="lib-table"
      containerRef={listRef}
      header={<RunTableHeader />}
      headerHeight={HEADER_HEIGHT}
      activeDescendant={selectedIndex >= 0 ? `lib-row-${selectedIndex}` : undefined}
      containerProps={{ 'aria-rowcount': rows.length + 1, 'aria-colcount': RUN_COLUMNS.length }}
    />
  );
}
