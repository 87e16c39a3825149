// Light, dark, or the system's: the user's pick, kept in localStorage, applied as `data-theme` on <html>
// (styles.css keys its dark palette on it) and returned as `dark` for Monaco's theme.
import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from './useMediaQuery.ts';

export type ThemeSetting = 'light' | 'dark' | 'system';
export const THEME_KEY = 'version-explorer:theme';

export function readTheme(): ThemeSetting {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function useTheme(): { setting: ThemeSetting; dark: boolean; set: (t: ThemeSetting) => void } {
  const [setting, setSetting] = useState<ThemeSetting>(readTheme);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = setting === 'system' ? systemDark : setting === 'dark';
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  const set = useCallback((t: ThemeSetting) => {
    setSetting(t);
    try {
      if (t === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, t);
    } catch {
      // storage disabled: the pick lasts for this page
    }
  }, []);
  return { setting, dark, set };
}
