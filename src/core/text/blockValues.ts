// The value of a plain block-style YAML resource (the usual shape of a large pasted manifest) from one line
// scan: the shape blockRanges places (plain keys, one-line scalars, block collections, `{}` and `[]`), read
// as js-yaml with the core schema reads it (loadYamlValue), in about half its time on 1 MB. Anything else
// (comments after the header, flow collections, block or multi-line scalars, anchors, tags, empty values,
// duplicate keys, several documents, tabs, CRs, non-printable characters) gives undefined: the caller's
// parser decides.
import { plainScalar } from './fastParse.ts';

// A plain key that reads as itself (not null/bool, not a number, no indicator): as blockRanges' KEY.
const KEY = /[A-Za-z_$][\w./$-]*:(?= |\n|$)/y;
const NOT_STRING_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** Longer keys go to the parser (YAML caps implicit keys; blockRanges reads at most 256 characters). */
const MAX_KEY = 250;
const QUOTED = /^(?:"[^"\\]*"|'(?:[^']|'')*')$/;
const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`]|^[-?:][^\s,[\]{}]/;
// js-yaml refuses these (non-printable, a byte-order mark, a lone surrogate); tabs and CRs are the parser's too.
// (Any surrogate: a text with astral characters is left to the parser, a rare case.)
// eslint-disable-next-line no-control-regex
const REFUSED = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/;

/** A one-line value's text (trimmed) as js-yaml reads it, or `NONE` when it is not a plain or simple one. */
const NONE = Symbol('none');
function leafValue(s: string): unknown {
  if (s === '{}') return {};
  if (s === '[]') return [];
  const c = s.charCodeAt(0);
  if (c === 34 || c === 39) {
    if (!QUOTED.test(s)) return NONE;
    const inner = s.slice(1, -1);
    return c === 34 ? inner : inner.replaceAll("''", "'");
  }
  if (!PLAIN_START.test(s) || s.includes(': ') || s.includes(' #') || s.endsWith(':')) return NONE;
  return plainScalar(s);
}

/** The value of `text` when it is one plain block-style YAML mapping; undefined otherwise. */
export function blockValues(text: string): Record<string, unknown> | undefined {
  if (REFUSED.test(text)) return undefined;
  // Per content line: offset of its first character, its column, end of its trimmed text.
  const off: number[] = [];
  const col: number[] = [];
  const end: number[] = [];
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const stop = nl < 0 ? text.length : nl;
    let i = start;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    let e = stop;
    while (e > i && text.charCodeAt(e - 1) === 32) e--;
    const first = text.charCodeAt(i);
    // As blockRanges: a comment line before the document is skipped; a comment elsewhere, a document marker or
    // a directive is the parser's job.
    if (i < e && !(first === 35 && off.length === 0)) {
      if (first === 35 || (i === start && (text.startsWith('---', i) || text.startsWith('...', i) || first === 37)))
        return undefined;
      off.push(i);
      col.push(i - start);
      end.push(e);
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  const count = off.length;
  if (count === 0 || col[0] !== 0) return undefined;

  type Read = { value: unknown; next: number } | undefined;
  // One node starting at content line `i` (possibly mid-line: a sequence item's content, whose line is then
  // taken to start there).
  const node = (i: number): Read => {
    const at = off[i] as number;
    const c = col[i] as number;
    if (text.charCodeAt(at) === 45 && (at + 1 === end[i] || text.charCodeAt(at + 1) === 32)) {
      const items: unknown[] = [];
      let j = i;
      while (j < count && col[j] === c && text.startsWith('- ', off[j] as number)) {
        let s = (off[j] as number) + 2;
        while (text.charCodeAt(s) === 32) s++;
        if (s >= (end[j] as number)) return undefined; // an empty item (null)
        col[j] = (col[j] as number) + s - (off[j] as number);
        off[j] = s;
        const r = node(j);
        if (!r) return undefined;
        items.push(r.value);
        j = r.next;
      }
      if (j === i || (j < count && (col[j] as number) > c)) return undefined;
      return { value: items, next: j };
    }
    KEY.lastIndex = at;
    if (!KEY.test(text)) {
      // A one-line scalar; a continuation line (more indented) would make it a multi-line one.
      const v = leafValue(text.slice(at, end[i]));
      if (v === NONE || (i + 1 < count && (col[i + 1] as number) > c)) return undefined;
      return { value: v, next: i + 1 };
    }
    const map: Record<string, unknown> = {};
    let j = i;
    while (j < count && col[j] === c) {
      const s = off[j] as number;
      KEY.lastIndex = s;
      if (!KEY.test(text)) return undefined;
      const colon = KEY.lastIndex - 1;
      if (colon > (end[j] as number) || colon - s > MAX_KEY) return undefined;
      const name = text.slice(s, colon);
      if (NOT_STRING_KEY.test(name) || name === '__proto__' || Object.hasOwn(map, name)) return undefined;
      let vs = colon + 1;
      while (text.charCodeAt(vs) === 32) vs++;
      if (vs < (end[j] as number)) {
        const v = leafValue(text.slice(vs, end[j]));
        if (v === NONE || (j + 1 < count && (col[j + 1] as number) > c)) return undefined; // a multi-line scalar
        map[name] = v;
        j++;
        continue;
      }
      const n = j + 1;
      // The value on the next lines: more indented, or a sequence at the key's own indentation.
      const nested = n < count && ((col[n] as number) > c || (col[n] === c && text.startsWith('- ', off[n] as number)));
      if (!nested) return undefined; // an empty value (null)
      const r = node(n);
      if (!r) return undefined;
      map[name] = r.value;
      j = r.next;
    }
    if (j < count && (col[j] as number) > c) return undefined;
    return { value: map, next: j };
  };

  let root: Read;
  try {
    root = node(0);
  } catch {
    return undefined; // nested too deeply for this recursion: the parser reports it
  }
  if (!root || root.next !== count || root.value === null || typeof root.value !== 'object') return undefined;
  return Array.isArray(root.value) ? undefined : (root.value as Record<string, unknown>);
}
