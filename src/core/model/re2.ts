// Regular expressions as Kubernetes reads them: `pattern` and CEL's matches()/find()/findAll() use Go's regexp
// (RE2): `(?i)` flags, `\z`, POSIX classes, no backreferences or lookaround, and linear time, so no pattern from a
// file or a link can hang the page. re2js is a pure-JavaScript port of RE2 (no WebAssembly, so no
// `wasm-unsafe-eval` in the CSP); JavaScript's RegExp is never used for these.
import { RE2JS } from 're2js';

export type Re2 = RE2JS;

export type Re2Result = { readonly ok: true; readonly re: Re2 } | { readonly ok: false; readonly error: string };

// Patterns repeat across versions and documents; compiled programs are immutable, so one cache serves all.
const cache = new Map<string, Re2Result>();
const CACHE_LIMIT = 2000;

/** Compile an RE2 pattern (cached). A pattern RE2 rejects is a value, not a throw. */
export function compileRe2(pattern: string): Re2Result {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let r: Re2Result;
  try {
    r = { ok: true, re: RE2JS.compile(pattern) };
  } catch (e) {
    r = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, r);
  return r;
}

/** Go's regexp.MatchString: true when the pattern matches anywhere in the text (unanchored, like `pattern`). */
export function re2Test(re: Re2, text: string): boolean {
  return re.test(text);
}

/** The first match, or undefined (CEL `find`). */
export function re2Find(re: Re2, text: string): string | undefined {
  const m = re.matcher(text);
  return m.find() ? (m.group() ?? '') : undefined;
}

/**
 * Every non-overlapping match, at most `limit` when limit >= 0 (CEL `findAll`, Go's FindAllString: an empty match
 * abutting the previous match is skipped, unlike Java's find loop that re2js follows).
 */
export function re2FindAll(re: Re2, text: string, limit = -1): string[] {
  const out: string[] = [];
  if (limit === 0) return out;
  const m = re.matcher(text);
  let prevEnd = -1;
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (!(start === end && start === prevEnd)) out.push(m.group() ?? '');
    prevEnd = end;
    if (limit > 0 && out.length >= limit) break;
  }
  return out;
}
