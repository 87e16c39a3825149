// Source ranges of a plain block-style YAML resource (the usual shape of a large pasted manifest) from one
// line scan, keyed and placed exactly as parseResources places them, without the `yaml` package's CST and
// document (about 10x faster on 1 MB). Anything outside that shape (comments, flow collections, block or
// multi-line scalars, anchors, tags, several documents, CR/tab characters) gives undefined: the full parse.
import type { SourceRange } from './issue.ts';
import { pathKey } from './path.ts';

// A plain key that reads as itself (not null/bool, not a number, no indicator): its path segment is its text.
const KEY = /^[A-Za-z_$][\w./$-]*:(?= |$)/;
const NOT_STRING_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
// A one-line scalar value: a simple quoted one, or a plain one that cannot start a collection, alias, tag,
// block scalar or comment, nor hold `: ` or ` #`.
const QUOTED = /^(?:"[^"\\]*"|'(?:[^']|'')*')$/;
const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`]|^[-?:][^\s,[\]{}]/;

/**
 * The ranges of `text` by path (as parseResources: a map member's range spans its key and value), checked
 * against `value` (the same text read by the values-only parser: same keys in the same order, same lengths);
 * undefined when the text is not plain block YAML or does not match `value`.
 */
export function blockRanges(text: string, value: unknown): Map<string, SourceRange> | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  // Per content line: offset of its first character, its column (0-based), end of its trimmed text, and
  // the offset after its newline.
  const off: number[] = [];
  const col: number[] = [];
  const end: number[] = [];
  const after: number[] = [];
  const lineStarts: number[] = [];
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const stop = nl < 0 ? text.length : nl;
    lineStarts.push(start);
    let i = start;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    let e = stop;
    while (e > i && text.charCodeAt(e - 1) === 32) e--;
    if (i < e) {
      const first = text.charCodeAt(i);
      // `#` (a comment), or a document marker / directive at column 0: the full parse's job.
      if (first === 35 || (i === start && (text.startsWith('---', i) || text.startsWith('...', i) || first === 37)))
        return undefined;
      off.push(i);
      col.push(i - start);
      end.push(e);
      after.push(nl < 0 ? stop : nl + 1);
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  if (off.length === 0 || off[0] !== 0) return undefined;

  const pos = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (lineStarts[lo] as number) + 1, offset };
  };
  const range = (s: number, e: number): SourceRange => ({ start: pos(s), end: pos(e) });
  const out = new Map<string, SourceRange>();
  const count = off.length;

  // One node starting at content line `i` (possibly mid-line: a sequence item's content); returns the next
  // line and the node's end offset, or undefined when the text leaves the supported shape.
  const node = (i: number, path: (string | number)[], v: unknown): { next: number; stop: number } | undefined => {
    const at = off[i] as number;
    const c = col[i] as number;
    const key = pathKey(path);
    if (text.startsWith('- ', at) || (text.charCodeAt(at) === 45 && at + 1 === end[i])) {
      if (!Array.isArray(v)) return undefined;
      out.set(key, range(at, at)); // the position in the map is the parent's; the range follows
      let j = i;
      let k = 0;
      while (j < count && col[j] === c && text.startsWith('- ', off[j] as number)) {
        let s = (off[j] as number) + 2;
        while (text.charCodeAt(s) === 32) s++;
        if (s >= (end[j] as number) || k >= v.length) return undefined; // an empty item: the full parse
        // The item's content as a line of its own at its column.
        const lineStart = (off[j] as number) - (col[j] as number);
        off[j] = s;
        col[j] = s - lineStart;
        const r = node(j, [...path, k], v[k]);
        if (!r) return undefined;
        j = r.next;
        k++;
      }
      if (k !== v.length || (j < count && (col[j] as number) > c)) return undefined;
      out.set(key, range(at, after[j - 1] as number));
      return { next: j, stop: after[j - 1] as number };
    }
    const m = KEY.exec(text.slice(at, Math.min(end[i] as number, at + 256)));
    if (!m) {
      // A one-line scalar; a continuation line (more indented) would make it a multi-line one.
      const s = text.slice(at, end[i]);
      if (!scalarText(s) || (v !== null && typeof v === 'object')) return undefined;
      if (i + 1 < count && (col[i + 1] as number) > c) return undefined;
      out.set(key, range(at, end[i] as number));
      return { next: i + 1, stop: end[i] as number };
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const keys = Object.keys(v);
    out.set(key, range(at, at));
    let j = i;
    let k = 0;
    while (j < count && col[j] === c) {
      const s = off[j] as number;
      const km = KEY.exec(text.slice(s, Math.min(end[j] as number, s + 256)));
      if (!km) return undefined;
      const name = km[0].slice(0, -1);
      if (NOT_STRING_KEY.test(name) || keys[k] !== name) return undefined; // also catches duplicate keys
      const child = (v as Record<string, unknown>)[name];
      let vs = s + km[0].length;
      while (text.charCodeAt(vs) === 32) vs++;
      let r: { next: number; stop: number } | undefined;
      if (vs < (end[j] as number)) {
        if (!scalarText(text.slice(vs, end[j])) || (child !== null && typeof child === 'object')) return undefined;
        out.set(pathKey([...path, name]), range(vs, end[j] as number));
        r = { next: j + 1, stop: end[j] as number };
        if (j + 1 < count && (col[j + 1] as number) > c) return undefined; // a multi-line scalar
      } else {
        const n = j + 1;
        // The value on the next lines: more indented, or a sequence at the key's own indentation.
        const nested =
          n < count && ((col[n] as number) > c || (col[n] === c && text.startsWith('- ', off[n] as number)));
        if (!nested) return undefined; // an empty value (null): the full parse
        r = node(n, [...path, name], child);
      }
      if (!r) return undefined;
      out.set(pathKey([...path, name]), range(s, r.stop));
      j = r.next;
      k++;
    }
    if (k !== keys.length || (j < count && (col[j] as number) > c)) return undefined;
    out.set(key, range(at, after[j - 1] as number));
    return { next: j, stop: after[j - 1] as number };
  };

  const root = node(0, [], value);
  return root && root.next === count ? out : undefined;
}

/** A one-line scalar whose text ends where its value does (no comment, no `key: value` in it). */
function scalarText(s: string): boolean {
  if (QUOTED.test(s)) return true;
  return PLAIN_START.test(s) && !s.includes(': ') && !s.includes(' #') && !s.endsWith(':');
}
