// One IndexedDB object store behind a promise API: opened per transaction and closed after (no handle to leak).
// Fails (rejects) where IndexedDB is missing or refused; callers decide how to degrade.
export interface IdbStore {
  tx<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T>;
}

export function idbStore(db: string, store: string, keyPath: string): IdbStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('IndexedDB unavailable'));
        return;
      }
      const req = indexedDB.open(db, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(store, { keyPath });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    });
  return {
    async tx(mode, f) {
      const d = await open();
      try {
        return await new Promise((resolve, reject) => {
          const r = f(d.transaction(store, mode).objectStore(store));
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
        });
      } finally {
        d.close();
      }
    },
  };
}
