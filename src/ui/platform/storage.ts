// The browser's storage and address bar, in one place. Every access is best effort: storage may be full or
// disabled (private windows, sandboxed frames), and then the app works for this page only.

/** The stored value under `key`, or undefined when there is none or storage is unavailable. */
export function readLocal(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value` under `key` (undefined removes it); false when storage refused. */
export function writeLocal(key: string, value: string | undefined): boolean {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Replaces the address bar's URL without a new history entry (and without a navigation). */
export function replaceUrl(href: string): void {
  window.history.replaceState(window.history.state, '', href);
}
