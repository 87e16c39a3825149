// Light, dark, or the system's: the user's pick, kept in localStorage, applied as `data-theme` on <html>
// (styles.css keys its dark palette on it) and returned as `dark` for Monaco's theme.
import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from './useMediaQuery.ts';
import { readLocal, writeLocal } from './platform/storage.ts';

export type ThemeSetting = 'light' | 'dark' | 'system';
export const THEME_KEY = 'version-explorer:theme';

export function readTheme(): ThemeSetting {
  const v = readLocal(THEME_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
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
    // Storage disabled: the pick lasts for this page.
    writeLocal(THEME_KEY, t === 'system' ? undefined : t);
  }, []);
  return { setting, dark, set };
}
