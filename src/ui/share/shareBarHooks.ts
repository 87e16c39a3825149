// The share bar's state that follows the app: the pinned state a link records, the link the meter measures, the
// fading copy status, the opened link's catalog check, and the Ctrl/Cmd+S shortcut.
import { useEffect, useMemo, useRef, useState } from 'react';
import { issue, type Issue } from '../../core/index.ts';
import { useCatalogIndex } from '../queries/catalogQueries.ts';
import { settleDelay, type ExplorerState } from '../state.ts';
import { shareUrl } from './codec.ts';
import { encodeState } from './shareClient.ts';
import { useRemoteText } from './RemoteSources.tsx';

/** Pins the catalog: a link records which built-in (by content hash) or which remote file it was made with. */
export function usePinnedState(state: ExplorerState | undefined): ExplorerState | undefined {
  const index = useCatalogIndex();
  const remote = useRemoteText(state?.catalog.type === 'url' ? state.catalog.url : undefined);
  return useMemo(() => {
    if (!state) return undefined;
    const c = state.catalog;
    if (c.type === 'builtin' && c.hash === undefined) {
      const entry = index.data?.catalogs.find((e) => e.id === c.id);
      if (entry) return { ...state, catalog: { ...c, hash: entry.hash } };
    }
    if (c.type === 'url' && c.hash === undefined && remote.data?.url === c.url)
      return { ...state, catalog: { ...c, hash: remote.data.hash } };
    return state;
  }, [state, index.data, remote.data]);
}

/** A link made with another version of the catalog it names (by content hash) than the one loaded now. */
function mismatch(
  linked: ExplorerState | undefined,
  current: ExplorerState | undefined,
  actual: string | undefined,
): Issue | undefined {
  if (!linked || !current || actual === undefined) return undefined;
  const a = linked.catalog;
  const b = current.catalog;
  const same =
    a.type === b.type &&
    (a.type === 'builtin'
      ? b.type === 'builtin' && a.id === b.id
      : a.type === 'url'
        ? b.type === 'url' && a.url === b.url
        : true);
  if (!same || a.hash === undefined || a.hash === actual) return undefined;
  return issue(
    'warning',
    'LINK_CATALOG_MISMATCH',
    `This link was made with a different version of the catalog (${a.hash.slice(0, 12)}; now ${actual.slice(0, 12)}). Results may differ from what its author saw.`,
  );
}

export type MeteredLink = { href: string } | { issue: Issue } | undefined;

/** The link for the state, for the meter: made a little behind typing. */
export function useMeteredLink(linkState: ExplorerState | undefined): MeteredLink {
  const [link, setLink] = useState<MeteredLink>(undefined);
  useEffect(() => {
    if (!linkState) return;
    let cancelled = false;
    const t = window.setTimeout(
      async () => {
        const r = await encodeState(linkState);
        if (!cancelled)
          setLink('fragment' in r ? { href: shareUrl(window.location.href, r.fragment) } : { issue: r.issue });
      },
      settleDelay(linkState.input, 250),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(t);
    };
  }, [linkState]);
  return link;
}

export type CopyStatus = { text: string; copied?: string } | undefined;

/** The copy status: "Copied" fades after a few seconds; the copy-by-hand box stays until the next copy. */
export function useCopyStatus(): [CopyStatus, (s: CopyStatus) => void] {
  const [status, setStatus] = useState<CopyStatus>(undefined);
  useEffect(() => {
    if (!status || status.text.startsWith('Copy this')) return;
    const t = window.setTimeout(() => setStatus(undefined), 5000);
    return () => window.clearTimeout(t);
  }, [status]);
  return [status, setStatus];
}

/** What is wrong with an opened link's catalog: a built-in this app lacks, or another version of it. */
export function useLinkedCatalogIssue(
  linked: ExplorerState | undefined,
  state: ExplorerState | undefined,
  catalogHash: string | undefined,
): Issue | undefined {
  const index = useCatalogIndex();
  const linkedCatalog = linked?.catalog;
  const linkedRemote = useRemoteText(linkedCatalog?.type === 'url' ? linkedCatalog.url : undefined);
  const actualHash = useMemo(() => {
    const c = linkedCatalog;
    if (!c) return undefined;
    if (c.type === 'builtin') return index.data?.catalogs.find((e) => e.id === c.id)?.hash ?? catalogHash;
    if (c.type === 'url') return linkedRemote.data?.hash ?? catalogHash;
    return catalogHash;
  }, [linkedCatalog, index.data, linkedRemote.data, catalogHash]);
  const missingBuiltin =
    linkedCatalog?.type === 'builtin' &&
    state?.catalog.type === 'builtin' &&
    state.catalog.id === linkedCatalog.id &&
    index.isSuccess &&
    !index.data.catalogs.some((e) => e.id === linkedCatalog.id);
  return missingBuiltin
    ? issue(
        'error',
        'LINK_CATALOG_MISMATCH',
        `This link needs the built-in catalog '${linkedCatalog.id}', which this version of the app does not have.`,
      )
    : mismatch(linked, state, actualHash);
}

/** Ctrl/Cmd+S copies the link (the latest `requestCopy`, without re-adding the listener). */
export function useCopyShortcut(requestCopy: (what: 'link') => Promise<void>): void {
  const requestCopyRef = useRef(requestCopy);
  requestCopyRef.current = requestCopy;
  useEffect(() => {
    // Capture phase: runs before Monaco sees the key, and Ctrl/Cmd+S never opens "Save page as".
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.code === 'KeyS' || e.key.toLowerCase() === 's')) {
        e.preventDefault();
        void requestCopyRef.current('link');
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
