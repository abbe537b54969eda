/**
 * Fleet search domain store (the Ctrl/Cmd+K dialog): the query, its latest answer, the hit the
 * keyboard has selected, and how far main's fleet index is built (`fleet.indexing` pushes). While
 * the index is still being built, an open query is asked again as progress comes, so its hits grow
 * with what is indexed.
 */
import { create } from 'zustand';
import type { Diagnostic } from '../../shared/diagnostics';
import type { FleetIndexStatus, FleetSearchResult } from '../../shared/search/fleet-search-types';
import { api } from '../api';

/** Hits asked for per query (grouped by run in the dialog). */
export const DIALOG_LIMIT = 100;
/** How long typing pauses before the query goes out. */
const TYPING_MS = 120;
/** Shortest gap between two re-asks of the same query while the index grows. */
const REFRESH_MS = 500;

export type FleetSearchState = {
  open: boolean;
  query: string;
  result: FleetSearchResult | null;
  error: Diagnostic | null;
  /** Index of the selected hit in `result.hits` (-1: none). */
  selected: number;
  status: FleetIndexStatus | null;
  setOpen(open: boolean): void;
  setQuery(query: string): void;
  /** Move the selection by `delta` hits (clamped). */
  move(delta: number): void;
  select(index: number): void;
  receiveStatus(status: FleetIndexStatus): void;
};

let timer: ReturnType<typeof setTimeout> | null = null;
let asked = 0;
let lastAsk = 0;

async function ask(query: string): Promise<void> {
  const id = ++asked;
  lastAsk = Date.now();
  const answer = await api['fleet.search']({ query, limit: DIALOG_LIMIT });
  // Only the latest question's answer is shown.
  if (id !== asked || useFleetSearchStore.getState().query !== query) return;
  if (!answer.ok) return useFleetSearchStore.setState({ result: null, error: answer.error, selected: -1 });
  const keep = useFleetSearchStore.getState().selected;
  useFleetSearchStore.setState({ result: answer.value, error: null, status: answer.value.status, selected: answer.value.hits.length === 0 ? -1 : Math.min(Math.max(keep, 0), answer.value.hits.length - 1) });
}

function schedule(query: string, delay: number): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void ask(query);
  }, delay);
}

export const useFleetSearchStore = create<FleetSearchState>()((set, get) => ({
  open: false,
  query: '',
  result: null,
  error: null,
  selected: -1,
  status: null,
  setOpen(open) {
    set({ open });
    if (open && get().status === null) void refreshIndexStatus();
  },
  setQuery(query) {
    set({ query, selected: 0 });
    if (query.trim() === '') {
      if (timer !== null) clearTimeout(timer);
      asked += 1;
      set({ result: null, error: null, selected: -1 });
      return;
    }
    schedule(query, TYPING_MS);
  },
  move(delta) {
    const count = get().result?.hits.length ?? 0;
    if (count === 0) return;
    set({ selected: Math.min(count - 1, Math.max(0, get().selected + delta)) });
  },
  select(index) {
    set({ selected: index });
  },
  receiveStatus(status) {
    set({ status });
    const { open, query } = get();
    if (!open || query.trim() === '' || timer !== null) return;
    // Ask again as the index grows (and once more when it is done).
    if (status.phase === 'ready' || Date.now() - lastAsk >= REFRESH_MS) schedule(query, 0);
  },
}));

/** Ask main how far the index is (the first ask starts its build). */
export async function refreshIndexStatus(): Promise<void> {
  const answer = await api['fleet.indexStatus']({});
  if (answer.ok) useFleetSearchStore.getState().receiveStatus(answer.value);
}

/** Push handler (app.tsx). */
export function receiveIndexStatus(status: FleetIndexStatus): void {
  useFleetSearchStore.getState().receiveStatus(status);
}

/** Open the dialog (Ctrl/Cmd+K, or `/` where no view owns it); true: handled. */
export function openFleetSearch(): boolean {
  useFleetSearchStore.getState().setOpen(true);
  return true;
}
