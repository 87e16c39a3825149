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
  /** Changes the app's state from its latest value (a fetch may finish while other changes are queued). */
  readonly update: (f: (s: ExplorerState) => ExplorerState) => void;
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

export function RemoteSources({ state, update, ready, linked }: Props) {
  const [params] = useState(() => remoteParams(window.location.search));
  const updateRef = useRef(update);
  updateRef.current = update;

  // Query parameters only count when the page was not opened from a full link, and once the app has a state.
  const useParams = ready && !linked && state !== undefined;
  const catalogParam = useParams ? params.catalogUrl : undefined;
  const resourceParam = useParams ? params.resourceUrl : undefined;
  const stateCatalogUrl = state?.catalog.type === 'url' ? state.catalog.url : undefined;
  const catalogUrl = stateCatalogUrl ?? catalogParam;

  // Updates of the latest state: a resource arriving in the same tick builds on the catalog, and the
  // first-visit default (built-in catalog and example) cannot overwrite either.
  const onCatalog = useRef((r: RemoteText) =>
    updateRef.current((s) =>
      s.catalog.type === 'url' && s.catalog.url === r.url
        ? s
        : { ...s, catalog: { type: 'url', url: r.url, hash: r.hash } },
    ),
  ).current;
  const onResource = useRef((r: RemoteText) =>
    updateRef.current((s) => ({ ...s, input: r.text, document: 0 })),
  ).current;

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
