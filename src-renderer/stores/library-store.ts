/** Library domain store: the opened root, its data dirs and runs, and how opening it went. */
import { create } from 'zustand';
import type { AppInfo } from '../../shared/contract';
import type { Diagnostic } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';
import { LOADING, loaded, type Load } from './load';

export type LibraryState = {
  appInfo: AppInfo | null;
  /** The latest open (start-up, a path, a refresh): its snapshot, or null when nothing was open. */
  opening: Load<LibrarySnapshot | null>;
  /** The library on screen: the last one opened, re-priced or pushed by main (kept when an open fails). */
  snapshot: LibrarySnapshot | null;
  /** Why the last price table could not be used (null: it was, or none was asked for). */
  pricingError: Diagnostic | null;
  /** Load app facts and whatever main opened at start-up. */
  init(): Promise<void>;
  /** Open a data dir (or a folder holding data dirs) by path. */
  open(path: string): Promise<void>;
  /** Ask main for the native folder picker (Electron only) and open the choice. */
  chooseDirectory(): Promise<void>;
  /** Re-price with a user price table file, or go back to the bundled table (null). */
  loadPriceTable(path: string | null): Promise<void>;
  /** Replace the snapshot with one pushed by main. */
  receive(snapshot: LibrarySnapshot): void;
};

// Opens and table loads both answer a snapshot: the latest request's answer wins.
const loads = latestWins();

export const useLibraryStore = create<LibraryState>()((set, get) => ({
  appInfo: null,
  // init() runs at start-up: the first frame is already "loading", so nothing flashes.
  opening: LOADING,
  snapshot: null,
  pricingError: null,

  async init() {
    set({ opening: LOADING });
    const [info, current] = await Promise.all([api['app.info']({}), api['library.current']({})]);
    if (info.ok) set({ appInfo: info.value });
    set(current.ok ? { opening: loaded(current), snapshot: current.value } : { opening: loaded(current) });
  },

  async open(path) {
    const ticket = loads.begin();
    set({ opening: LOADING, pricingError: null });
    const result = await api['library.open']({ path });
    if (!ticket.current()) return;
    set(result.ok ? { opening: loaded(result), snapshot: result.value } : { opening: loaded(result) });
    const info = await api['app.info']({});
    if (info.ok) set({ appInfo: info.value });
  },

  async chooseDirectory() {
    const choice = await api['dialog.openDirectory']({});
    if (choice.ok && choice.value) await get().open(choice.value);
  },

  async loadPriceTable(path) {
    const ticket = loads.begin();
    const result = await api['pricing.load']({ path });
    if (!ticket.current()) return;
    if (!result.ok) set({ pricingError: result.error });
    else if (result.value) set({ snapshot: result.value, pricingError: null });
  },

  receive(snapshot) {
    set({ snapshot });
  },
}));

/** The failure to show over the app: a failed open, else a refused price table. */
export function libraryError(state: Pick<LibraryState, 'opening' | 'pricingError'>): Diagnostic | null {
  return state.opening.phase === 'error' ? state.opening.error : state.pricingError;
}
