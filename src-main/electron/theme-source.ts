/**
 * The View > Toggle dark mode cycle: follow the OS, then force dark, then force light.
 */

/** Electron's nativeTheme.themeSource values. */
export type ThemeSource = 'system' | 'dark' | 'light';

const CYCLE: readonly ThemeSource[] = ['system', 'dark', 'light'];

/** The theme source after `current` in the cycle (unknown values restart at 'system'). */
export function nextThemeSource(current: string): ThemeSource {
  const index = CYCLE.indexOf(current as ThemeSource);
  return CYCLE[(index + 1) % CYCLE.length] ?? 'system';
}

/** Menu label describing the current source. */
export function themeSourceLabel(source: ThemeSource): string {
  return source === 'system' ? 'Follow system' : source === 'dark' ? 'Dark' : 'Light';
}
