// `?catalog=<https URL>` and `?resource=<https URL>`: fetched with TanStack Query, with loading, error and
// retry states, and the origin always shown (a catalog decides what the conversion does: you should see
// whose it is). A catalog referenced by URL from a link is fetched and shown the same way.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ExplorerState } from '../state.ts';
import { RemoteError, remoteParams, remoteTextQuery, type RemoteText } from './remoteFetch.ts';

/** The fetched text behind a URL (shared cache with the banner). For the app's catalog loading. */
export function useRemoteText(url: string | undefined) {
  return useQuery({ ...remoteTextQuery(url ?? ''), enabled: url !== undefined });
}

interface Props {
  readonly state: ExplorerState | undefined;
  readonly apply: (s: ExplorerState) => void;
  /** The initial fragment has been read. */
  readonly ready: boolean;
  /** The page was opened from a link: its state wins over ?catalog= / ?resource=. */
  readonly linked: boolean;
}

function RemoteRow({
  role,
  url,
  onLoaded,
}: {
  role: 'catalog' | 'resource';
  url: string;
  onLoaded?: (r: RemoteText) => void;
}) {
  const q = useRemoteText(url);
  const done = useRef(false);
  useEffect(() => {
    if (q.data && onLoaded && !done.current) {
      done.current = true;
      onLoaded(q.data);
    }
  }, [q.data, onLoaded]);
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // shown as typed
  }
  const label = role === 'catalog' ? 'Catalog' : 'Resource';
  if (q.isPending) {
    return (
      <p className="remote" data-testid={`remote-${role}`} data-status="loading" aria-busy="true">
        {label}: loading from <strong>{origin}</strong>…
      </p>
    );
  }
  if (q.isError) {
    const code = q.error instanceof RemoteError ? q.error.issue.code : 'REMOTE_FETCH_FAILED';
    return (
      <p
        className="remote share-issue"
        role="alert"
        data-testid={`remote-${role}`}
        data-status="error"
        data-code={code}
      >
        {label} from <strong>{origin}</strong> could not be loaded.{' '}
        {q.error instanceof Error ? q.error.message : String(q.error)}{' '}
        {code !== 'REMOTE_URL_REJECTED' && (
          <button type="button" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        )}
      </p>
    );
  }
  return (
    <p className="remote" data-testid={`remote-${role}`} data-status="loaded" data-origin={q.data.origin}>
      {label} from <strong>{q.data.origin}</strong>{' '}
      <a href={q.data.url} target="_blank" rel="noreferrer noopener" title={q.data.url}>
        {q.data.url.slice(q.data.origin.length) || '/'}
      </a>
    </p>
  );
}

export function RemoteSources({ state, apply, ready, linked }: Props) {
  const [params] = useState(() => remoteParams(window.location.search));
  const latest = useRef(state);
  latest.current = state;
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // Query parameters only count when the page was not opened from a full link, and once the app has a state.
  const useParams = ready && !linked && state !== undefined;
  const catalogParam = useParams ? params.catalogUrl : undefined;
  const resourceParam = useParams ? params.resourceUrl : undefined;
  const stateCatalogUrl = state?.catalog.type === 'url' ? state.catalog.url : undefined;
  const catalogUrl = stateCatalogUrl ?? catalogParam;

  const onCatalog = useRef((r: RemoteText) => {
    const s = latest.current;
    if (!s || (s.catalog.type === 'url' && s.catalog.url === r.url)) return;
    // Update the ref at once: a resource arriving in the same tick must build on this state, not the old one.
    latest.current = { ...s, catalog: { type: 'url', url: r.url, hash: r.hash } };
    applyRef.current(latest.current);
  }).current;
  const onResource = useRef((r: RemoteText) => {
    const s = latest.current;
    if (!s) return;
    latest.current = { ...s, input: r.text, document: 0 };
    applyRef.current(latest.current);
  }).current;

  if (!catalogUrl && !resourceParam) return null;
  return (
    <div className="remote-sources">
      {catalogUrl && (
        <RemoteRow
          key={`c:${catalogUrl}`}
          role="catalog"
          url={catalogUrl}
          {...(catalogParam === catalogUrl ? { onLoaded: onCatalog } : {})}
        />
      )}
      {resourceParam && (
        <RemoteRow key={`r:${resourceParam}`} role="resource" url={resourceParam} onLoaded={onResource} />
      )}
    </div>
  );
}
