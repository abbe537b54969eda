/** Library domain store: the opened root, its data dirs and runs, and how opening it went. */
import { create } from 'zustand';
import type { AppInfo, OpeningProgress } from '../../shared/contract';
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
  /** How far the open under way has got (main pushes it as its walk and reads go); null when none is. */
  progress: OpeningProgress | null;
  /** The open someone cancelled (said beside the open bar, not as an error): its path, or null. */
  cancelled: string | null;
  /** Load app facts and whatever main opened at start-up. */
  init(): Promise<void>;
  /** Open a data dir (or a folder holding data dirs) by path. */
  open(path: string): Promise<void>;
  /** Ask main for the native folder picker (Electron only) and open the choice. */
  chooseDirectory(): Promise<void>;
  /** Re-price with a user price table file, or go back to the bundled table (null). */
  loadPriceTable(path: string | null): Promise<void>;
  /** Stop the open under way; the library on screen stays. */
  cancelOpen(): Promise<void>;
  /** Progress of the open under way, pushed by main. */
  receiveOpening(progress: OpeningProgress): void;
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
  progress: null,
  cancelled: null,

  async init() {
    set({ opening: LOADING });
    const [info, current] = await Promise.all([api['app.info']({}), api['library.current']({})]);
    if (info.ok) set({ appInfo: info.value });
    set(current.ok ? { opening: loaded(current), snapshot: current.value } : { opening: loaded(current) });
  },

  async open(path) {
    const ticket = loads.begin();
    const before = get().snapshot;
    set({ opening: LOADING, pricingError: null, progress: null, cancelled: null });
    const result = await api['library.open']({ path });
    if (!ticket.current()) return;
    if (!result.ok && result.error.code === 'cancelled') {
      // A cancel is the user's choice, not a failure: the library they had stays, without an alert.
      set({ opening: loaded({ ok: true, value: before }), progress: null, cancelled: result.error.path ?? path });
      return;
    }
    set(result.ok ? { opening: loaded(result), snapshot: result.value, progress: null } : { opening: loaded(result), progress: null });
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

  async cancelOpen() {
    await api['library.cancelOpen']({});
  },

  receiveOpening(progress) {
    // Progress after the open answered (a late push) must not bring the status back.
    if (get().opening.phase === 'loading') set({ progress });
  },

  receive(snapshot) {
    set({ snapshot });
  },
}));

/** The failure to show over the app: a failed open, else a refused price table. */
export function libraryError(state: Pick<LibraryState, 'opening' | 'pricingError'>): Diagnostic | null {
  return state.opening.phase === 'error' ? state.opening.error : state.pricingError;
}
