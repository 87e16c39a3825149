// Which remote URLs the app may fetch (and a link may reference). Pure: shared by the codec and the fetchers.
//
// Only https, so a catalog cannot be swapped by a network attacker. Plain http is allowed for loopback hosts
// only (127.0.0.1, localhost; the CSP's connect-src lists the same): that is what local test servers and `version-explorer` dev setups use,
// and the browser treats loopback as a secure context anyway.

export const MAX_URL_CHARS = 4096;

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

export type UrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: 'not-a-url' | 'not-https' | 'too-long' | 'credentials' };

export function checkRemoteUrl(text: string): UrlCheck {
  if (text.length > MAX_URL_CHARS) return { ok: false, reason: 'too-long' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not-a-url' };
  }
  // user:password@host would end up in every shared link.
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return { ok: true, url };
  return { ok: false, reason: 'not-https' };
}

export const isAllowedRemoteUrl = (text: string): boolean => checkRemoteUrl(text).ok;
