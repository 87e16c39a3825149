// Window-wide keyboard shortcuts; `?` opens the help unless the user is typing somewhere.
import { useEffect, useRef } from 'react';
import { matches, type Shortcut } from '../shortcuts.ts';

export function useGlobalShortcuts(shortcuts: readonly Shortcut[], openHelp: () => void): void {
  // The listener is registered once and reads the latest shortcuts (they close over the latest state).
  const latest = useRef({ shortcuts, openHelp });
  useEffect(() => {
    latest.current = { shortcuts, openHelp };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing =
        t &&
        (t.tagName === 'INPUT' ||
          t.tagName === 'TEXTAREA' ||
          t.tagName === 'SELECT' ||
          t.isContentEditable ||
          t.closest('.monaco-editor'));
      if (e.key === '?' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        latest.current.openHelp();
        return;
      }
      const s = latest.current.shortcuts.find((x) => matches(e, x.keys));
      if (s) {
        e.preventDefault();
        s.run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
