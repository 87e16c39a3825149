// Keeps the address bar and the explorer state in step: the fragment is read on load (and on hashchange),
// and rewritten with replaceState, debounced, as the state changes. No history entry per keystroke.
import { useEffect, useRef, useState } from 'react';
import type { Issue } from '../../core/index.ts';
import type { ExplorerState } from '../state.ts';
import { decodeState, encodeState } from './codec.ts';

export const WRITE_DEBOUNCE_MS = 400;

export interface UrlState {
  /** Why the link in the address bar could not be opened (the page keeps its default state). */
  readonly linkIssue?: Issue;
  /** The state the link held, once decoded; `undefined` before and when there was no link. */
  readonly linked?: ExplorerState;
  /** True once the fragment present at load has been decoded (or there was none). */
  readonly ready: boolean;
  dismiss(): void;
}

/**
 * `state` is the app's current state (`undefined` while it is still starting); `apply` replaces it.
 * The fragment is only written after the initial one was read, so a link is never overwritten by the
 * default state before it has been opened.
 */
export function useUrlState(state: ExplorerState | undefined, apply: (s: ExplorerState) => void): UrlState {
  const [linkIssue, setLinkIssue] = useState<Issue | undefined>(undefined);
  const [linked, setLinked] = useState<ExplorerState | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  // The fragment we wrote last, so our own writes are not read back as new links.
  const written = useRef<string | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const read = async () => {
      const hash = window.location.hash.replace(/^#/, '');
      if (hash === '' || hash === written.current) {
        setReady(true);
        return;
      }
      const r = await decodeState(hash);
      if (cancelled) return;
      if ('state' in r) {
        written.current = hash;
        setLinkIssue(undefined);
        setLinked(r.state);
        applyRef.current(r.state);
      } else {
        setLinkIssue(r.issue);
      }
      setReady(true);
    };
    void read();
    const onHash = () => void read();
    window.addEventListener('hashchange', onHash);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  useEffect(() => {
    if (!ready || !state) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const r = await encodeState(state);
      if (cancelled || !('fragment' in r)) return;
      if (r.fragment === written.current && window.location.hash === `#${r.fragment}`) return;
      written.current = r.fragment;
      // Keep ?catalog=/?resource= only until the state has taken them in: the fragment is the whole state.
      const u = new URL(window.location.href);
      u.hash = r.fragment;
      window.history.replaceState(window.history.state, '', u.href);
    }, WRITE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [state, ready]);

  return { linkIssue, linked, ready, dismiss: () => setLinkIssue(undefined) };
}
