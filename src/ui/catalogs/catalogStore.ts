// Catalogs the user loaded (their files and the imported catalog JSON), kept in IndexedDB so they
// survive a reload. Small and dependency-free; every failure degrades to "not stored".
export interface StoredCatalog {
  readonly hash: string;
  readonly name: string;
  readonly title: string;
  readonly sources: readonly { readonly name: string; readonly text: string }[];
  readonly json: unknown;
  readonly added: number;
}

const DB = 'version-explorer';
const STORE = 'catalogs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'hash' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function tx<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const r = f(db.transaction(STORE, mode).objectStore(STORE));
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

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
