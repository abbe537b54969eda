/**
 * The app's colour theme: follow the OS, or always light, or always dark. The choice is kept in
 * the app's state folder (src-main/app-state/theme-store.ts); the page also caches it in its
 * local storage so its first inline script paints the right theme before the app runs
 * (shared/early-prepare-script.ts).
 */

/** The choices, in the order the control lists them. */
export const THEMES = ['system', 'light', 'dark'] as const;

/** One choice. */
export type Theme = (typeof THEMES)[number];

/** The page's local-storage key of the cached choice. */
export const THEME_STORAGE_KEY = 'little-inspector.theme';

/** `value` as a theme, or 'system' for anything else (a cache the user or an old version wrote). */
export function asTheme(value: unknown): Theme {
  return (THEMES as readonly unknown[]).includes(value) ? (value as Theme) : 'system';
}
