// Catalogs are fetched and cached with TanStack Query; URLs are relative so the app works under any sub-path.
import { useQuery } from '@tanstack/react-query';
import { listCatalogs, type StoredCatalog } from '../catalogs/catalogStore.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import {
  CATALOG_INDEX_URL,
  builtinCatalogUrl,
  fetchPrefetched as fetchJson,
  prefetchedValue,
} from '../platform/prefetch.ts';

export interface CatalogIndexEntry {
  readonly id: string;
  readonly title: string;
  readonly file: string;
  readonly hash: string;
}

export function useCatalogIndex() {
  return useQuery({
    queryKey: ['catalog-index'],
    queryFn: async () => (await fetchJson(CATALOG_INDEX_URL)) as { catalogs: CatalogIndexEntry[] },
    // Already here when the early fetch (platform/prefetch.ts) has arrived: the first render has it.
    initialData: () => prefetchedValue(CATALOG_INDEX_URL) as { catalogs: CatalogIndexEntry[] } | undefined,
  });
}

export function useCatalogJson(entry: CatalogIndexEntry | undefined) {
  return useQuery({
    queryKey: ['catalog', entry?.id, entry?.hash],
    enabled: entry !== undefined,
    queryFn: () => fetchJson(entry ? builtinCatalogUrl(entry) : ''),
    initialData: () => (entry ? prefetchedValue(builtinCatalogUrl(entry)) : undefined),
  });
}

/** Catalogs the user loaded, from IndexedDB. */
export function useUserCatalogs() {
  return useQuery({ queryKey: ['user-catalogs'], queryFn: listCatalogs, staleTime: Infinity });
}

/** A catalog referenced by URL (`?catalog=`): fetched and cached like the built-ins. */
export function useUrlCatalog(url: string | undefined) {
  return useQuery({
    queryKey: ['catalog-url', url],
    enabled: url !== undefined,
    queryFn: () => fetchJson(url ?? ''),
  });
}

/** Would the API server accept the CRDs of a stored catalog? Checked once per catalog, in the worker. */
export function useCrdAcceptance(
  catalog: { readonly hash: string; readonly sources: StoredCatalog['sources'] } | undefined,
) {
  return useQuery({
    queryKey: ['crd-check', catalog?.hash],
    enabled: catalog !== undefined,
    staleTime: Infinity,
    queryFn: () => conversionClient().checkCrds(catalog?.sources ?? []),
  });
}
