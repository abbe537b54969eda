/** The run list's column header row: each sortable header is a button, with `aria-sort`. */
import { useShallow } from 'zustand/react/shallow';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { toggleSort } from '../../stores/library-query';
import { RUN_COLUMNS } from './run-columns';

/** Sticky header row (role `row`, in the treegrid). */
export function RunTableHeader() {
  const { sort, dir } = useLibraryViewStore(useShallow((s) => ({ sort: s.query.sort, dir: s.query.dir })));
  const setQuery = useLibraryViewStore((s) => s.setQuery);
  return (
    <div role="row" aria-rowindex={1} className="lib-row lib-head">
      {RUN_COLUMNS.map((column) => {
        const active = column.sort !== null && column.sort === sort;
        const ariaSort = active ? (dir === 'asc' ? 'ascending' : 'descending') : column.sort ? 'none' : undefined;
        return (
          <div key={column.id} role="columnheader" aria-sort={ariaSort} className={`lib-cell lib-col-${column.id}${column.numeric ? ' num' : ''}`}>
            {column.sort ? (
              <button
                type="button"
                className={`lib-sort${active ? ' active' : ''}`}
                onClick={() => {
                  const { query } = useLibraryViewStore.getState();
                  setQuery(toggleSort(query, column.sort!));
                }}
              >
                {column.label}
                <span className="lib-sort-arrow" aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
              </button>
            ) : (
              <span className="lib-head-text">{column.label}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The same header without sort buttons, for the loading frame. */
export function RunTableHeaderStatic() {
  return (
    <div className="lib-row lib-head" aria-hidden="true">
      {RUN_COLUMNS.map((column) => (
        <div key={column.id} className={`lib-cell lib-col-${column.id}${column.numeric ? ' num' : ''}`}>
          <span className="lib-head-text">{column.label}</span>
        </div>
      ))}
    </div>
  );
}
