import type { ThemeSetting } from '../theme.ts';

const LABELS: Record<ThemeSetting, string> = { system: 'System theme', light: 'Light', dark: 'Dark' };

/** Light / dark / the system's theme (kept across visits). */
export function ThemeToggle({ setting, onChange }: { setting: ThemeSetting; onChange: (t: ThemeSetting) => void }) {
  return (
    <select
      className="theme-select"
      aria-label="Theme"
      title="Colour theme"
      value={setting}
      onChange={(e) => onChange(e.target.value as ThemeSetting)}
    >
      {(Object.keys(LABELS) as ThemeSetting[]).map((t) => (
        <option key={t} value={t}>
          {LABELS[t]}
        </option>
      ))}
    </select>
  );
}
