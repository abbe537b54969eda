/**
 * The app's notices about what an action did ("Downloaded …", "Sent …", or why it failed):
 * shown as toasts in one region (components/toast-region.tsx), never inside a toolbar, where a
 * long file name used to push the header wider than the window. A success goes away by itself;
 * an error stays until dismissed, so it cannot be missed.
 */
import { create } from 'zustand';

/** One notice. */
export type Toast = { id: number; tone: 'success' | 'error'; text: string };

/** How long a success stays (an error stays until dismissed). */
export const SUCCESS_TOAST_MS = 6000;

/** At most this many are shown: older ones leave first. */
const MAX_TOASTS = 4;

type ToastState = {
  toasts: Toast[];
  /** Show `text`; returns its id. */
  show(tone: Toast['tone'], text: string): number;
  dismiss(id: number): void;
};

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(tone, text) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, tone, text }].slice(-MAX_TOASTS) });
    if (tone === 'success') setTimeout(() => get().dismiss(id), SUCCESS_TOAST_MS);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Show a notice from outside React (stores, action handlers). */
export function toast(tone: Toast['tone'], text: string): number {
  return useToastStore.getState().show(tone, text);
}
