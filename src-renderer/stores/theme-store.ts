/**
 * The colour theme (shared/theme/theme.ts): asked from main's state folder once the app runs,
 * applied to the page at once (`data-theme` on <html>: styles.css turns it into
 * `color-scheme`) and cached in the page's local storage, which the page's first inline
 * script reads so a reload paints the chosen theme before the app has run.
 */
import { create } from 'zustand';
import { asTheme, THEME_STORAGE_KEY, type Theme } from '../../shared/theme/theme';
import { api } from '../api';
import { toast } from './toast-store';

/** Put `theme` on the page and in its cache. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (a private window, a bundle opened from file://): the theme still applies now.
  }
}

/** The cached choice (what the first script applied), 'system' when none. */
export function cachedTheme(): Theme {
  try {
    return asTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

type ThemeState = {
  theme: Theme;
  /** Ask main for the kept choice (the cache may be another port's, or stale). */
  load(): Promise<void>;
  choose(theme: Theme): Promise<void>;
};

// Bumped by each choice: an answer to a load asked before the user chose is not applied over it.
let choices = 0;

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: cachedTheme(),
  async load() {
    const asked = choices;
    const kept = await api['settings.theme']({});
    if (!kept.ok || asked !== choices) return;
    if (kept.value.problem) toast('error', `The saved theme could not be used: ${kept.value.problem.message}`);
    set({ theme: kept.value.theme });
    applyTheme(kept.value.theme);
  },
  async choose(theme) {
    choices += 1;
    set({ theme });
    applyTheme(theme);
    const kept = await api['settings.setTheme']({ theme });
    if (!kept.ok) toast('error', `The theme applies now but could not be kept: ${kept.error.message}`);
  },
}));
