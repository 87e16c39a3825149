import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_INDEX_URL, builtinCatalogKey } from './prefetch.ts';

/** A fresh copy of the module: its early fetches are module state. */
async function fresh() {
  vi.resetModules();
  return import('./prefetch.ts');
}

/** A fetch stub answering JSON by URL (404 for others), counting calls per URL. */
function stubFetch(answers: Record<string, unknown>): Map<string, number> {
  const calls = new Map<string, number>();
  vi.stubGlobal('fetch', (url: string) => {
    calls.set(url, (calls.get(url) ?? 0) + 1);
    const ok = Object.hasOwn(answers, url);
    return Promise.resolve({ ok, status: ok ? 200 : 404, json: () => Promise.resolve(answers[url]) });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetch', () => {
  it('fetches a URL once: the later fetch gets the early answer, and the value is there once it arrived', async () => {
    const { prefetchJson, prefetchedValue, fetchPrefetched } = await fresh();
    const calls = stubFetch({ 'a.json': { a: 1 } });
    const early = prefetchJson('a.json');
    expect(prefetchedValue('a.json')).toBeUndefined();
    await early;
    expect(prefetchedValue('a.json')).toEqual({ a: 1 });
    await expect(fetchPrefetched('a.json')).resolves.toEqual({ a: 1 });
    expect(calls.get('a.json')).toBe(1);
  });

  it('forgets a failed prefetch, so the query fetches again and reports the failure', async () => {
    const { prefetchJson, prefetchedValue, fetchPrefetched } = await fresh();
    const calls = stubFetch({});
    await expect(prefetchJson('missing.json')).rejects.toThrow(/404/);
    expect(prefetchedValue('missing.json')).toBeUndefined();
    await expect(fetchPrefetched('missing.json')).rejects.toThrow(/404/);
    expect(calls.get('missing.json')).toBe(2);
  });

  it('a URL never prefetched is fetched', async () => {
    const { prefetchedValue, fetchPrefetched } = await fresh();
    const calls = stubFetch({ 'b.json': [2] });
    await expect(fetchPrefetched('b.json')).resolves.toEqual([2]);
    expect(prefetchedValue('b.json')).toBeUndefined();
    expect(calls.get('b.json')).toBe(1);
  });
});

describe('prefetchCatalogs', () => {
  const index = {
    catalogs: [
      { id: 'first', file: 'first.json', hash: 'h1' },
      { id: 'second', file: 'second.json', hash: 'h2' },
    ],
  };

  it("hands the first catalog to the worker for '' and the named one otherwise, under the queries' key", async () => {
    const { prefetchCatalogs } = await fresh();
    stubFetch({ [CATALOG_INDEX_URL]: index, 'catalogs/first.json': { id: 1 }, 'catalogs/second.json': { id: 2 } });
    const loaded: [string, unknown, string][] = [];
    await prefetchCatalogs('', (...a) => loaded.push(a));
    await prefetchCatalogs('second', (...a) => loaded.push(a));
    expect(loaded).toEqual([
      [builtinCatalogKey({ id: 'first', file: 'first.json', hash: 'h1' }), { id: 1 }, 'first'],
      [builtinCatalogKey({ id: 'second', file: 'second.json', hash: 'h2' }), { id: 2 }, 'second'],
    ]);
    expect(builtinCatalogKey({ id: 'first', file: 'x', hash: 'h1' })).not.toBe(
      builtinCatalogKey({ id: 'first', file: 'x', hash: 'h2' }),
    );
  });

  it('loads nothing when a link decides, when the id is unknown, or when a fetch fails', async () => {
    const { prefetchCatalogs } = await fresh();
    const calls = stubFetch({ [CATALOG_INDEX_URL]: index });
    const load = vi.fn();
    await prefetchCatalogs(undefined, load);
    await prefetchCatalogs('__proto__', load);
    await expect(prefetchCatalogs('second', load)).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    expect(calls.get('catalogs/second.json')).toBe(1);
  });
});
