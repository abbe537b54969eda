/** Library domain store: the opened root, its data dirs and runs, and how loading went. */
import { create } from 'zustand';
import type { AppInfo } from '../../shared/contract';
import type { Diagnostic } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';

export type LibraryState = {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  appInfo: AppInfo | null;
  snapshot: LibrarySnapshot | null;
  error: Diagnostic | null;
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
  // init() runs at start-up: the first frame is already "loading", so nothing flashes.
  phase: 'loading',
  appInfo: null,
  snapshot: null,
  error: null,

  async init() {
    set({ phase: 'loading' });
    const [info, current] = await Promise.all([api['app.info']({}), api['library.current']({})]);
    if (info.ok) set({ appInfo: info.value });
    if (!current.ok) set({ phase: 'error', error: current.error });
    else set({ phase: current.value ? 'ready' : 'idle', snapshot: current.value, error: null });
  },

  async open(path) {
    const ticket = loads.begin();
    set({ phase: 'loading', error: null });
    const result = await api['library.open']({ path });
    if (!ticket.current()) return;
    if (result.ok) set({ phase: 'ready', snapshot: result.value, error: null });
    else set({ phase: get().snapshot ? 'ready' : 'error', error: result.error });
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
    if (!result.ok) set({ error: result.error });
    else if (result.value) set({ snapshot: result.value, error: null });
  },

  receive(snapshot) {
    set({ snapshot, phase: 'ready' });
  },
}));
