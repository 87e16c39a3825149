// Catalogs the user loaded (their files and the imported catalog JSON), kept in IndexedDB so they
// survive a reload. Small and dependency-free; every failure degrades to "not stored".
import { idbStore } from '../idbStore.ts';

export interface StoredCatalog {
  readonly hash: string;
  readonly name: string;
  readonly title: string;
  readonly sources: readonly { readonly name: string; readonly text: string }[];
  readonly json: unknown;
  readonly added: number;
  /** The https URL each file was fetched from (Load from URL, Examples): links then refer to the URL. */
  readonly origins?: readonly { readonly name: string; readonly url: string; readonly hash: string }[];
  /** The name the user gave it (Your catalogs…); shown instead of the derived label. */
  readonly label?: string;
}

// Database 'version-explorer', store 'catalogs' (version 1): the names older builds used, so stored catalogs stay.
const { tx } = idbStore('version-explorer', 'catalogs', 'hash');

export async function listCatalogs(): Promise<StoredCatalog[]> {
  try {
    const all = await tx('readonly', (s) => s.getAll() as IDBRequest<StoredCatalog[]>);
    return all.sort((a, b) => a.added - b.added);
  } catch {
    return [];
  }
}

export async function putCatalog(c: StoredCatalog): Promise<void> {
  await tx('readwrite', (s) => s.put(c));
}

export async function deleteCatalog(hash: string): Promise<void> {
  await tx('readwrite', (s) => s.delete(hash));
}

/** Gives a stored catalog the user's own name ('' goes back to the derived one). */
export async function renameCatalog(hash: string, label: string): Promise<void> {
  const c = await tx('readonly', (s) => s.get(hash) as IDBRequest<StoredCatalog | undefined>);
  if (!c) return;
  const { label: _, ...rest } = c;
  await putCatalog(label.trim() === '' ? rest : { ...rest, label: label.trim() });
}
