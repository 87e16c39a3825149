// The value of a plain block-style YAML resource (the usual shape of a large pasted manifest) from one line
// scan: the shape blockRanges places (plain keys, one-line scalars, block collections, `{}` and `[]`), read
// as js-yaml with the core schema reads it (loadYamlValue), in about half its time on 1 MB. Anything else
// (comments after the header, flow collections, block or multi-line scalars, anchors, tags, empty values,
// duplicate keys, several documents, tabs, CRs, non-printable characters) gives undefined: the caller's
// parser decides.
import { blockLines, NOT_STRING_KEY, PLAIN_START, QUOTED } from './blockLines.ts';
import { plainScalar } from './fastParse.ts';

/** Longer keys go to the parser (YAML caps implicit keys; blockRanges reads at most 256 characters). */
const MAX_KEY = 250;
// js-yaml refuses these (non-printable, a byte-order mark, a lone surrogate); tabs and CRs are the parser's too.
// (Any surrogate: a text with astral characters is left to the parser, a rare case.)
// eslint-disable-next-line no-control-regex
const REFUSED = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/;

/**
 * Where the `:` after a plain key starting at `s` is, or -1: a key that reads as itself (not a number, no
 * indicator), as blockRanges' KEY (`[A-Za-z_$][\w./$-]*:` before a space or the line's end). A loop, not a
 * pattern: it runs on every line.
 */
function keyColon(text: string, s: number): number {
  const c = text.charCodeAt(s);
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36)) return -1;
  let i = s + 1;
  for (;;) {
    const d = text.charCodeAt(i);
    const word = (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95;
    if (word || d === 46 || d === 47 || d === 36 || d === 45) i++;
    else break;
  }
  if (text.charCodeAt(i) !== 58) return -1;
  const after = text.charCodeAt(i + 1);
  return after === 32 || after === 10 || i + 1 === text.length ? i : -1;
}

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
  // (A letter or digit first, the usual value, needs no pattern.)
  const alnum = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (!(alnum || PLAIN_START.test(s)) || s.includes(': ') || s.includes(' #') || s.endsWith(':')) return NONE;
  return plainScalar(s);
}

/** The value of `text` when it is one plain block-style YAML mapping; undefined otherwise. */
export function blockValues(text: string): Record<string, unknown> | undefined {
  if (REFUSED.test(text)) return undefined;
  const lines = blockLines(text);
  if (!lines) return undefined;
  const { off, col, end } = lines;
  const count = off.length;

  // One node starting at content line `i` (possibly mid-line: a sequence item's content, whose line is then
  // taken to start there): its value, or NONE when the text leaves the shape; `next` is the line after it.
  let next = 0;
  const node = (i: number): unknown => {
    const at = off[i] as number;
    const c = col[i] as number;
    if (text.charCodeAt(at) === 45 && (at + 1 === end[i] || text.charCodeAt(at + 1) === 32)) {
      const items: unknown[] = [];
      let j = i;
      while (j < count && col[j] === c && text.startsWith('- ', off[j] as number)) {
        let s = (off[j] as number) + 2;
        while (text.charCodeAt(s) === 32) s++;
        if (s >= (end[j] as number)) return NONE; // an empty item (null)
        col[j] = (col[j] as number) + s - (off[j] as number);
        off[j] = s;
        const v = node(j);
        if (v === NONE) return NONE;
        items.push(v);
        j = next;
      }
      if (j === i || (j < count && (col[j] as number) > c)) return NONE;
      next = j;
      return items;
    }
    if (keyColon(text, at) < 0) {
      // A one-line scalar; a continuation line (more indented) would make it a multi-line one.
      const v = leafValue(text.slice(at, end[i]));
      if (v === NONE || (i + 1 < count && (col[i + 1] as number) > c)) return NONE;
      next = i + 1;
      return v;
    }
    const map: Record<string, unknown> = {};
    let j = i;
    while (j < count && col[j] === c) {
      const s = off[j] as number;
      const colon = keyColon(text, s);
      if (colon < 0 || colon - s > MAX_KEY) return NONE;
      const name = text.slice(s, colon);
      if (
        ((name.length === 4 || name.length === 5) && NOT_STRING_KEY.test(name)) ||
        name === '__proto__' ||
        Object.hasOwn(map, name)
      )
        return NONE;
      let vs = colon + 1;
      while (text.charCodeAt(vs) === 32) vs++;
      if (vs < (end[j] as number)) {
        const v = leafValue(text.slice(vs, end[j]));
        if (v === NONE || (j + 1 < count && (col[j + 1] as number) > c)) return NONE; // a multi-line scalar
        map[name] = v;
        j++;
        continue;
      }
      const n = j + 1;
      // The value on the next lines: more indented, or a sequence at the key's own indentation.
      const nested = n < count && ((col[n] as number) > c || (col[n] === c && text.startsWith('- ', off[n] as number)));
      if (!nested) return NONE; // an empty value (null)
      const v = node(n);
      if (v === NONE) return NONE;
      map[name] = v;
      j = next;
    }
    if (j < count && (col[j] as number) > c) return NONE;
    next = j;
    return map;
  };

  let root: unknown;
  try {
    root = node(0);
  } catch {
    return undefined; // nested too deeply for this recursion: the parser reports it
  }
  if (root === NONE || next !== count || root === null || typeof root !== 'object' || Array.isArray(root))
    return undefined;
  return root as Record<string, unknown>;
}
