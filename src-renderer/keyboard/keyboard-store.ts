/** Keyboard domain store: whether the key help dialog is open. */
import { create } from 'zustand';

export type KeyboardState = {
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
};

export const useKeyboardStore = create<KeyboardState>()((set) => ({
  helpOpen: false,
  setHelpOpen(open) {
    set({ helpOpen: open });
  },
}));
