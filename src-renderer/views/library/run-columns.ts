/** The run list's columns: header text, sort key and whether the cell is numeric. */
import type { SortKey } from '../../stores/library-query';

/** One column of the run list. */
export type RunColumn = { id: string; label: string; sort: SortKey | null; numeric: boolean };

/** Columns in display order; widths live in library.css (`--lib-columns`). */
export const RUN_COLUMNS: readonly RunColumn[] = [
  { id: 'run', label: 'Run', sort: 'runId', numeric: false },
  { id: 'status', label: 'Status', sort: 'status', numeric: false },
  { id: 'started', label: 'Started', sort: 'started', numeric: false },
  { id: 'duration', label: 'Duration', sort: 'duration', numeric: true },
  { id: 'events', label: 'Events', sort: 'events', numeric: true },
  { id: 'tokens', label: 'Tokens in / out', sort: null, numeric: true },
  { id: 'cost', label: 'Cost', sort: 'cost', numeric: true },
  { id: 'findings', label: 'Findings', sort: 'findings', numeric: false },
  { id: 'last', label: 'Last event', sort: null, numeric: false },
];

/** Height of every row in px (the virtual list needs it fixed). */
export const ROW_HEIGHT = 28;
/** Height of the sticky column header row in px. */
export const HEADER_HEIGHT = 30;
