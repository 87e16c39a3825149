// Source ranges of a plain block-style YAML resource (the usual shape of a large pasted manifest) from one
// line scan, keyed and placed exactly as parseResources places them, without the `yaml` package's CST and
// document (about 10x faster on 1 MB). Anything outside that shape (comments, flow collections other than
// `{}` and `[]`, block or multi-line scalars, anchors, tags, several documents, CR/tab characters) gives
// undefined: the full parse.
import type { SourceRange } from '../model/issue.ts';
import { PATH_KEY_SEPARATOR } from '../model/path.ts';
import { blockLines, NOT_STRING_KEY, PLAIN_START, QUOTED } from './blockLines.ts';

// A plain key that reads as itself (not null/bool, not a number, no indicator): its path segment is its text.
const KEY = /^[A-Za-z_$][\w./$-]*:(?= |$)/;

/**
 * The ranges of `text` by path (as parseResources: a map member's range spans its key and value), checked
 * against `value` (the same text read by the values-only parser: same keys in the same order, same lengths);
 * undefined when the text is not plain block YAML or does not match `value`.
 */
export function blockRanges(text: string, value: unknown): Map<string, SourceRange> | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  const lines = blockLines(text);
  if (!lines) return undefined;
  const { off, col, end, after, lineNo } = lines;

  // An offset on content line i (whose column col[i] is at off[i]); the offset after line j (its newline).
  const on = (i: number, offset: number) => ({
    line: lineNo[i] as number,
    col: offset - (off[i] as number) + (col[i] as number) + 1,
    offset,
  });
  const past = (j: number) => {
    const a = after[j] as number;
    return text.charCodeAt(a - 1) === 10 ? { line: (lineNo[j] as number) + 1, col: 1, offset: a } : on(j, a);
  };
  const range = (i: number, s: number, j: number, e?: number): SourceRange => ({
    start: on(i, s),
    end: e === undefined ? past(j) : on(j, e),
  });
  // Path keys as pathKey joins them, one segment at a time.
  const sub = (key: string, root: boolean, name: string | number) =>
    root ? String(name) : `${key}${PATH_KEY_SEPARATOR}${name}`;
  const out = new Map<string, SourceRange>();
  const count = off.length;

  // One node starting at content line `i` (possibly mid-line: a sequence item's content) under path `key`;
  // returns the next line and where the node ends (line `last`, at `stop`, or past it when no `stop`), or
  // undefined when the text leaves the supported shape.
  type End = { next: number; last: number; stop?: number };
  const node = (i: number, key: string, root: boolean, v: unknown): End | undefined => {
    const at = off[i] as number;
    const c = col[i] as number;
    if (text.startsWith('- ', at) || (text.charCodeAt(at) === 45 && at + 1 === end[i])) {
      if (!Array.isArray(v)) return undefined;
      out.set(key, range(i, at, i, at)); // its place in the map now (as parseResources'); its range below
      let j = i;
      let k = 0;
      while (j < count && col[j] === c && text.startsWith('- ', off[j] as number)) {
        let s = (off[j] as number) + 2;
        while (text.charCodeAt(s) === 32) s++;
        if (s >= (end[j] as number) || k >= v.length) return undefined; // an empty item: the full parse
        // The item's content as a line of its own at its column.
        col[j] = (col[j] as number) + s - (off[j] as number);
        off[j] = s;
        const r = node(j, sub(key, root, k), false, v[k]);
        if (!r) return undefined;
        j = r.next;
        k++;
      }
      if (k !== v.length || (j < count && (col[j] as number) > c)) return undefined;
      out.set(key, range(i, at, j - 1));
      return { next: j, last: j - 1 };
    }
    const m = KEY.exec(text.slice(at, Math.min(end[i] as number, at + 256)));
    if (!m) {
      // A one-line scalar; a continuation line (more indented) would make it a multi-line one.
      if (!leaf(text.slice(at, end[i]), v)) return undefined;
      if (i + 1 < count && (col[i + 1] as number) > c) return undefined;
      out.set(key, range(i, at, i, end[i]));
      return { next: i + 1, last: i, stop: end[i] as number };
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const keys = Object.keys(v);
    out.set(key, range(i, at, i, at));
    let j = i;
    let k = 0;
    while (j < count && col[j] === c) {
      const s = off[j] as number;
      const km = KEY.exec(text.slice(s, Math.min(end[j] as number, s + 256)));
      if (!km) return undefined;
      const name = km[0].slice(0, -1);
      if (NOT_STRING_KEY.test(name) || keys[k] !== name) return undefined; // also catches duplicate keys
      const child = (v as Record<string, unknown>)[name];
      const ck = sub(key, root, name);
      let vs = s + km[0].length;
      while (text.charCodeAt(vs) === 32) vs++;
      let r: End | undefined;
      if (vs < (end[j] as number)) {
        if (!leaf(text.slice(vs, end[j]), child)) return undefined;
        if (j + 1 < count && (col[j + 1] as number) > c) return undefined; // a multi-line scalar
        r = { next: j + 1, last: j, stop: end[j] as number };
      } else {
        const n = j + 1;
        // The value on the next lines: more indented, or a sequence at the key's own indentation.
        const nested =
          n < count && ((col[n] as number) > c || (col[n] === c && text.startsWith('- ', off[n] as number)));
        if (!nested) return undefined; // an empty value (null): the full parse
        r = node(n, ck, false, child);
      }
      if (!r) return undefined;
      // A member's range spans its key and value.
      out.set(ck, range(j, s, r.last, r.stop));
      j = r.next;
      k++;
    }
    if (k !== keys.length || (j < count && (col[j] as number) > c)) return undefined;
    out.set(key, range(i, at, j - 1));
    return { next: j, last: j - 1 };
  };

  const root = node(0, '', true, value);
  return root && root.next === count ? out : undefined;
}

/**
 * A one-line value whose text ends where its node does: a scalar (no comment, no `key: value` in it), or an
 * empty flow collection (`status: {}`, as kubectl writes it).
 */
function leaf(s: string, v: unknown): boolean {
  if (s === '{}') return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
  if (s === '[]') return Array.isArray(v) && v.length === 0;
  if (v !== null && typeof v === 'object') return false;
  if (QUOTED.test(s)) return true;
  return PLAIN_START.test(s) && !s.includes(': ') && !s.includes(' #') && !s.endsWith(':');
}
