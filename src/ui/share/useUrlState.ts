// Keeps the address bar and the explorer state in step: the fragment is read on load (and on hashchange),
// and rewritten with replaceState as the state changes: at once for discrete changes (a version, a view),
// debounced while typing. No history entry per change.
import { useEffect, useRef, useState } from 'react';
import type { Issue } from '../../core/index.ts';
import { settleDelay, type ExplorerState } from '../state.ts';
import { decodeState, validateState } from './codec.ts';
import { encodeState } from './shareClient.ts';
import { replaceUrl } from '../platform/storage.ts';

export const WRITE_DEBOUNCE_MS = 400;
/** A write still pending when the tab reloads: kept for this tab only, so a fast reload loses nothing. */
const PENDING_KEY = 'version-explorer:pending-link';

/** Writes to the address bar scheduled or encoding (tests wait for none instead of sleeping). */
let dueWrites = 0;
export const urlWriteDue = (): boolean => dueWrites > 0;

export interface UrlState {
  /** Why the link in the address bar could not be opened (the page keeps its default state). */
  readonly linkIssue?: Issue;
  /** The state the link held, once decoded; `undefined` before and when there was no link. */
  readonly linked?: ExplorerState;
  /** True once the fragment present at load has been decoded (or there was none). */
  readonly ready: boolean;
  dismiss(): void;
}

function takePending(hash: string): ExplorerState | undefined {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (raw === null) return undefined;
    sessionStorage.removeItem(PENDING_KEY);
    const p = JSON.parse(raw) as { from?: unknown; state?: unknown };
    if (p.from !== hash || typeof p.state !== 'object' || p.state === null) return undefined;
    const state = p.state as ExplorerState;
    return validateState(state) === undefined ? state : undefined;
  } catch {
    return undefined;
  }
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
  const pending = useRef<ExplorerState | undefined>(undefined);
  const lastInput = useRef<string | undefined>(undefined);
  // Bumped when the user opens another link in this tab: writes scheduled before it are stale.
  const navigations = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let first = true;
    const read = async () => {
      const hash = window.location.hash.replace(/^#/, '');
      const saved = first ? takePending(window.location.hash) : undefined;
      first = false;
      if (saved) {
        setLinked(saved);
        applyRef.current(saved);
        setReady(true);
        return;
      }
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
    const onHash = () => {
      if (window.location.hash.replace(/^#/, '') === written.current) return;
      // A link typed or pasted into the address bar wins over the state's pending write.
      navigations.current++;
      pending.current = undefined;
      void read();
    };
    const onHide = () => {
      if (!pending.current) return;
      try {
        sessionStorage.setItem(PENDING_KEY, JSON.stringify({ from: window.location.hash, state: pending.current }));
      } catch {
        // storage full or disabled: the last few hundred milliseconds of typing are not in the link
      }
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('pagehide', onHide);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useEffect(() => {
    if (!ready || !state) return;
    let cancelled = false;
    pending.current = state;
    const navigation = navigations.current;
    // Typing is debounced; a discrete change (document, versions, view, catalog) is written at once.
    const typing = lastInput.current !== undefined && lastInput.current !== state.input;
    lastInput.current = state.input;
    let due = true;
    const settle = () => {
      if (due) dueWrites--;
      due = false;
    };
    dueWrites++;
    const timer = window.setTimeout(
      async () => {
        const r = await encodeState(state).finally(settle);
        if (cancelled || navigation !== navigations.current) return;
        if (pending.current === state) pending.current = undefined;
        if (!('fragment' in r)) return;
        if (r.fragment === written.current && window.location.hash === `#${r.fragment}`) return;
        written.current = r.fragment;
        // ?catalog= / ?resource= stay in the address bar, but the fragment (the whole state) wins on reload.
        const u = new URL(window.location.href);
        u.hash = r.fragment;
        replaceUrl(u.href);
      },
      settleDelay(state.input, typing ? WRITE_DEBOUNCE_MS : 0),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      settle();
    };
  }, [state, ready]);

  return { linkIssue, linked, ready, dismiss: () => setLinkIssue(undefined) };
}
