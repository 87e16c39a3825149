// What the first render waits for, started before the app's code evaluates (main.tsx imports this first):
// the conversion worker (its code loads meanwhile), the catalog index and the built-in catalog the page will
// open, handed to the worker as soon as it arrives. The queries then find the JSON already here.

/** A fetch started early: its promise, and its value once it has one. */
interface Early {
  readonly promise: Promise<unknown>;
  settled: boolean;
  value?: unknown;
}

const early = new Map<string, Early>();

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

/** Fetches `url` now, for a later fetchPrefetched / prefetchedValue of the same URL. */
export function prefetchJson(url: string): Promise<unknown> {
  let e = early.get(url);
  if (!e) {
    const entry: Early = {
      settled: false,
      promise: fetchJson(url).then((v) => {
        entry.settled = true;
        entry.value = v;
        return v;
      }),
    };
    // A failed prefetch is fetched again by its query (which reports the error).
    entry.promise.catch(() => early.delete(url));
    early.set(url, entry);
    e = entry;
  }
  return e.promise;
}

/** The JSON at `url`: the prefetch's answer when one was started, else a fetch. */
export function fetchPrefetched(url: string): Promise<unknown> {
  return early.get(url)?.promise ?? fetchJson(url);
}

/** The prefetched JSON at `url` if it has arrived (a query's initial data: no loading state, no refetch). */
export function prefetchedValue(url: string): unknown {
  const e = early.get(url);
  return e?.settled ? e.value : undefined;
}

/** A built-in catalog's entry in catalogs/index.json. */
export interface BuiltinIndexEntry {
  readonly id: string;
  readonly file: string;
  readonly hash: string;
}

export const CATALOG_INDEX_URL = 'catalogs/index.json';
export const builtinCatalogUrl = (e: BuiltinIndexEntry): string => `catalogs/${e.file}`;
/** The worker's key for a built-in catalog (content-addressed: a new build's catalog is a new key). */
export const builtinCatalogKey = (e: BuiltinIndexEntry): string => `builtin:${e.id}:${e.hash}`;

/**
 * Starts the index fetch and, when `builtinId` names the catalog the page opens ('' for the first one), that
 * catalog's fetch and its hand-over to the worker via `load`. Settles when that is done (or failed).
 */
export function prefetchCatalogs(
  builtinId: string | undefined,
  load: (key: string, json: unknown, hooks: string) => void,
): Promise<void> {
  const index = prefetchJson(CATALOG_INDEX_URL);
  if (builtinId === undefined) return Promise.resolve();
  return (
    index
      .then(async (data) => {
        const entries = (data as { catalogs?: BuiltinIndexEntry[] } | undefined)?.catalogs ?? [];
        const entry = builtinId === '' ? entries[0] : entries.find((e) => e.id === builtinId);
        if (!entry) return;
        const json = await prefetchJson(builtinCatalogUrl(entry));
        load(builtinCatalogKey(entry), json, entry.id);
      })
      // The queries fetch again and report what failed.
      .catch(() => undefined)
  );
}
