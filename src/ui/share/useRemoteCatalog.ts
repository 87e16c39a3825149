// A catalog referenced by URL (`?catalog=` or a link): the text is fetched once (shared query with the
// banner in RemoteSources), then imported in the worker like a dropped file, so CRD YAML, OpenAPI and
// catalog JSON all work. `data` is the catalog JSON, like the built-in catalog queries.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { issue } from '../../core/index.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import { RemoteError, remoteTextQuery } from './remoteFetch.ts';

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || 'catalog.yaml');
  } catch {
    return 'catalog.yaml';
  }
}

export function useRemoteCatalog(url: string | undefined) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['remote-catalog', url],
    enabled: url !== undefined,
    retry: false, // the fetch inside has its own retry policy; an import failure does not go away on retry
    staleTime: Infinity,
    queryFn: async () => {
      const remote = await qc.fetchQuery(remoteTextQuery(url ?? ''));
      const r = await conversionClient().importFiles([{ name: fileName(remote.url), text: remote.text }]);
      if (r.json === undefined) {
        const first = r.issues[0];
        throw new RemoteError(
          first ?? issue('error', 'INVALID_CATALOG', `${remote.url} holds no catalog, CRD or OpenAPI document.`),
        );
      }
      return r.json;
    },
  });
}
