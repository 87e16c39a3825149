// Monaco's chunk takes the main thread for a few hundred milliseconds while it evaluates. Loaded at once,
// it lands while the first conversion result arrives and holds back the first render of the panes (a
// Chromium trace of a cold load: the panes painted only after Monaco's evaluateModule). So the editor
// loads once the first result has been painted (a read-only preview shows the text until then), or after
// a short wait when no result comes.
import { useEffect, useState } from 'react';

export const EDITOR_FALLBACK_MS = 1500;

/** True once the editor may load: `painted` became true (then one frame later), or after the fallback wait. */
export function useDeferredEditor(painted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const t = setTimeout(() => setReady(true), EDITOR_FALLBACK_MS);
    let frame = 0;
    if (painted) frame = requestAnimationFrame(() => setTimeout(() => setReady(true), 0));
    return () => {
      clearTimeout(t);
      cancelAnimationFrame(frame);
    };
  }, [painted, ready]);
  return ready;
}
