// Catalogs are fetched and cached with TanStack Query; URLs are relative so the app works under any sub-path.
import { useQuery } from '@tanstack/react-query';
import { listCatalogs } from '../catalogs/catalogStore.ts';

export interface CatalogIndexEntry {
  readonly id: string;
  readonly title: string;
  readonly file: string;
  readonly hash: string;
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

export function useCatalogIndex() {
  return useQuery({
    queryKey: ['catalog-index'],
    queryFn: async () => (await fetchJson('catalogs/index.json')) as { catalogs: CatalogIndexEntry[] },
  });
}

export function useCatalogJson(entry: CatalogIndexEntry | undefined) {
  return useQuery({
    queryKey: ['catalog', entry?.id, entry?.hash],
    enabled: entry !== undefined,
    queryFn: () => fetchJson(`catalogs/${entry?.file ?? ''}`),
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
