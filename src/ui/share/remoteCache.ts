// Remote files kept in IndexedDB, so examples and URL catalogs open offline after the first visit (the service
// worker never touches other origins). A URL pinned at a tag or commit names a file that does not change: it is
// read from the cache first. Any other URL goes to the network first and falls back to the cache. Every
// IndexedDB failure degrades to "not cached".
import { idbStore } from '../idbStore.ts';
import { pinOf } from './provenance.ts';

const { tx } = idbStore('version-explorer-remote', 'texts', 'url');

export interface RemoteText {
  readonly url: string;
  readonly origin: string;
  readonly text: string;
  /** Content hash of the text, so a link can tell when the file behind a URL changed. */
  readonly hash: string;
}

async function cached(url: string): Promise<RemoteText | undefined> {
  try {
    return (await tx('readonly', (s) => s.get(url) as IDBRequest<RemoteText | undefined>)) ?? undefined;
  } catch {
    return undefined;
  }
}

async function remember(t: RemoteText): Promise<void> {
  try {
    await tx('readwrite', (s) => s.put(t));
  } catch {
    // not kept: it is fetched again next time
  }
}

/** `fetchRemoteText` with the IndexedDB cache in front (pinned URLs) or behind (the rest). */
export async function fetchCached(url: string, fetchText: (url: string) => Promise<RemoteText>): Promise<RemoteText> {
  const pinned = pinOf(url) === 'commit' || pinOf(url) === 'tag';
  if (pinned) {
    const hit = await cached(url);
    if (hit) return hit;
  }
  try {
    const t = await fetchText(url);
    await remember(t);
    return t;
  } catch (e) {
    const hit = pinned ? undefined : await cached(url);
    if (hit) return hit;
    throw e;
  }
}
