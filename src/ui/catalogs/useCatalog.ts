// Resolves the state's CatalogRef to catalog JSON: built-ins and URLs through TanStack Query, the user's
// own from the catalog store (re-imported from their sources when a link brings a catalog we do not have).
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CatalogRef } from '../state.ts';
import { useCatalogIndex, useCatalogJson, useUserCatalogs } from '../queries/catalogQueries.ts';
import { useRemoteCatalog } from '../share/useRemoteCatalog.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import { putCatalog } from './catalogStore.ts';
import { builtinCatalogKey } from '../platform/prefetch.ts';
import type { CatalogInput } from '../worker/useWorkerConversion.ts';

export interface ResolvedCatalog {
  readonly input?: CatalogInput;
  /** The built-in id, when the ref names a built-in (resolves '' to the first one). */
  readonly builtinId?: string;
  readonly error?: string;
  readonly loading: boolean;
}

export function useResolvedCatalog(ref: CatalogRef): ResolvedCatalog {
  const index = useCatalogIndex();
  const user = useUserCatalogs();
  const qc = useQueryClient();
  const entries = index.data?.catalogs ?? [];
  const entry =
    ref.type === 'builtin'
      ? (entries.find((e) => e.id === ref.id) ?? (ref.id === '' ? entries[0] : undefined))
      : undefined;
  const builtin = useCatalogJson(entry);
  const url = useRemoteCatalog(ref.type === 'url' ? ref.url : undefined);
  const stored = ref.type === 'embedded' ? user.data?.find((c) => c.hash === ref.hash) : undefined;
  const [importError, setImportError] = useState<string | undefined>();

  // A link can carry an embedded catalog's sources: import them once and keep the result.
  const needsImport = ref.type === 'embedded' && user.isSuccess && !stored && ref.sources.length > 0;
  useEffect(() => {
    if (!needsImport || ref.type !== 'embedded') return;
    let live = true;
    void conversionClient()
      .importFiles(ref.sources)
      .then(async (r) => {
        if (!live) return;
        if (r.json === undefined || r.hash === undefined) {
          setImportError(r.issues[0]?.message ?? 'the catalog files could not be imported');
          return;
        }
        await putCatalog({
          hash: ref.hash,
          name: ref.name,
          title: r.title ?? ref.name,
          sources: ref.sources,
          json: r.json,
          added: Date.now(),
        });
        await qc.invalidateQueries({ queryKey: ['user-catalogs'] });
      });
    return () => {
      live = false;
    };
  }, [needsImport, ref, qc]);

  switch (ref.type) {
    case 'builtin':
      if (index.isError)
        return { error: `Could not load the built-in catalogs: ${String(index.error)}`, loading: false };
      if (index.isSuccess && !entry) return { error: `There is no built-in catalog '${ref.id}'.`, loading: false };
      if (builtin.isError) return { error: String(builtin.error), loading: false };
      if (!entry || !builtin.data) return { loading: true, ...(entry ? { builtinId: entry.id } : {}) };
      return {
        input: { key: builtinCatalogKey(entry), json: builtin.data, hooks: entry.id },
        builtinId: entry.id,
        loading: false,
      };
    case 'url':
      if (url.isError) return { error: `Could not load ${ref.url}: ${String(url.error)}`, loading: false };
      if (!url.data) return { loading: true };
      return { input: { key: `url:${ref.url}`, json: url.data }, loading: false };
    case 'embedded':
      if (stored) return { input: { key: `embedded:${stored.hash}`, json: stored.json }, loading: false };
      if (importError) return { error: importError, loading: false };
      if (user.isSuccess && ref.sources.length === 0)
        return {
          error: `The catalog '${ref.name}' is not stored in this browser any more; load its files again.`,
          loading: false,
        };
      return { loading: true };
  }
}
