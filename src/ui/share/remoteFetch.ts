// Fetching `?catalog=` / `?resource=` URLs: https only (loopback http for local servers and tests), no
// credentials, no referrer, a size cap, and failures turned into Issues that say what to do.
import { collect } from './codec.ts';
import { issue, type Issue } from '../../core/index.ts';
import { checkRemoteUrl } from './remoteUrl.ts';
import { fetchCached, type RemoteText } from './remoteCache.ts';

export type { RemoteText };

export const MAX_REMOTE_BYTES = 8 * 1024 * 1024;

/** Thrown inside query functions (TanStack Query wants a throw); carries the Issue the UI shows. */
export class RemoteError extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

const reject = (message: string) => new RemoteError(issue('error', 'REMOTE_URL_REJECTED', message));
const failed = (message: string) => new RemoteError(issue('error', 'REMOTE_FETCH_FAILED', message));

/** cyrb53: a fast 53-bit string hash. Change detection only, not security (the fragment is user-controlled anyway). */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export async function fetchRemoteText(url: string, fetchImpl: typeof fetch = fetch): Promise<RemoteText> {
  const check = checkRemoteUrl(url);
  if (!check.ok) {
    const why = {
      'not-a-url': `"${url}" is not a URL.`,
      'not-https': `Only https URLs can be loaded (got ${url.split(':')[0]}:). Host the file on an https server, e.g. raw.githubusercontent.com.`,
      'too-long': 'The URL is too long.',
      credentials: 'URLs with a user name or password cannot be loaded: they would end up in every shared link.',
    }[check.reason];
    throw reject(why);
  }
  let res: Response;
  try {
    res = await fetchImpl(check.url.href, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'follow',
      cache: 'no-cache',
    });
  } catch {
    // The browser hides whether it was CORS, DNS or being offline; name the usual suspects.
    throw failed(
      `Could not fetch ${check.url.href}. Either you are offline, the host does not exist, or it does not allow cross-origin requests (CORS). ` +
        'Raw files on raw.githubusercontent.com and gist.githubusercontent.com allow CORS; github.com/.../blob/... pages do not.',
    );
  }
  if (res.redirected && !checkRemoteUrl(res.url).ok)
    throw reject(`${check.url.href} redirected to ${res.url}, which is not https.`);
  if (!res.ok) {
    const hint =
      res.status === 404
        ? ' Check the path and the branch or tag in the URL.'
        : res.status === 403 || res.status === 401
          ? ' The file is not public.'
          : '';
    throw failed(`${check.url.href} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.${hint}`);
  }
  const tooLarge = () => failed(`The file is larger than ${MAX_REMOTE_BYTES / 1024 / 1024} MiB.`);
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_REMOTE_BYTES) throw tooLarge();
  const text = await readCapped(res, MAX_REMOTE_BYTES);
  if (text === undefined) throw tooLarge();
  return { url: check.url.href, origin: check.url.origin, text, hash: contentHash(text) };
}

/**
 * The body as text, read as a stream and abandoned as soon as it passes `cap` bytes (a response without
 * Content-Length, or one that lies, is never read in full first); undefined when it is too large.
 */
export async function readCapped(res: Response, cap: number): Promise<string | undefined> {
  if (!res.body) {
    const text = await res.text();
    return new TextEncoder().encode(text).length > cap ? undefined : text;
  }
  const bytes = await collect(res.body, cap);
  return bytes === 'too-large' ? undefined : new TextDecoder().decode(bytes);
}

/** The query shared by the banner and whoever turns the text into a catalog: same key, one fetch. */
export function remoteTextQuery(url: string) {
  return {
    queryKey: ['remote-text', url] as const,
    queryFn: () => fetchCached(url, fetchRemoteText),
    // Rejected URLs never succeed on retry; network errors might.
    retry: (count: number, error: unknown) =>
      !(error instanceof RemoteError && error.issue.code === 'REMOTE_URL_REJECTED') && count < 1,
    staleTime: Infinity,
  };
}

/** `?catalog=` and `?resource=` from a page address. */
export function remoteParams(search: string): { readonly catalogUrl?: string; readonly resourceUrl?: string } {
  const q = new URLSearchParams(search);
  const catalogUrl = q.get('catalog') ?? undefined;
  const resourceUrl = q.get('resource') ?? undefined;
  return { ...(catalogUrl ? { catalogUrl } : {}), ...(resourceUrl ? { resourceUrl } : {}) };
}
