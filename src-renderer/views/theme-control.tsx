/** The app header's theme control: follow the OS, light or dark (kept in the app's state folder). */
import { useEffect } from 'react';
import { THEMES, type Theme } from '../../shared/theme/theme';
import { useThemeStore } from '../stores/theme-store';
import { whenIdle } from '../components/when-idle';

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeControl() {
  const theme = useThemeStore((s) => s.theme);
  const choose = useThemeStore((s) => s.choose);
  const load = useThemeStore((s) => s.load);
  // The page already shows the cached choice; main's kept one is asked after a deep link's own questions.
  useEffect(() => whenIdle(() => void load()), [load]);
  return (
    <label className="theme-control">
      <span className="muted">Theme</span>
      <select value={theme} onChange={(e) => void choose(e.target.value as Theme)}>
        {THEMES.map((t) => (
          <option key={t} value={t}>{LABELS[t]}</option>
        ))}
      </select>
    </label>
  );
}
