// Rule paths: `spec.machineTemplate.infrastructureRef`, `spec.dataFrom[].extract.key`, `metadata.labels["a.b/c"]`.
// A `[]` segment means "each element": the i-th element on one side pairs with the i-th on the other.
// Parsed, `[]` is `null` (a property may be named anything, so no string can stand for "each").
import type { Path } from '../model/issue.ts';

export type PathPattern = readonly (string | null)[];

const IDENT = /^[A-Za-z_$][\w$-]*/;

/** Parse a rule path; undefined when it is not one (empty segment, unclosed bracket, index numbers). */
export function parsePathPattern(s: string): PathPattern | undefined {
  const out: (string | null)[] = [];
  let i = 0;
  let needDot = false;
  while (i < s.length) {
    if (s.startsWith('[]', i)) {
      if (out.length === 0) return undefined;
      out.push(null);
      i += 2;
      needDot = true;
      continue;
    }
    if (s[i] === '[') {
      // ["any key"]: a JSON string
      const m = /^\["(?:[^"\\]|\\.)*"\]/.exec(s.slice(i));
      if (!m) return undefined;
      try {
        out.push(JSON.parse(m[0].slice(1, -1)) as string);
      } catch {
        return undefined;
      }
      i += m[0].length;
      needDot = true;
      continue;
    }
    if (needDot) {
      if (s[i] !== '.') return undefined;
      i++;
    }
    const m = IDENT.exec(s.slice(i));
    if (!m) return undefined;
    out.push(m[0]);
    i += m[0].length;
    needDot = true;
  }
  return out.length > 0 ? out : undefined;
}

export function formatPathPattern(p: PathPattern): string {
  let out = '';
  for (const seg of p) {
    if (seg === null) out += '[]';
    else if (IDENT.exec(seg)?.[0] === seg) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export const eachCount = (p: PathPattern): number => p.filter((s) => s === null).length;

/** Does the concrete path lie at, under or above the pattern (a diff at a parent or child of a rule's field)? */
export function patternTouches(p: PathPattern, path: Path): boolean {
  const n = Math.min(p.length, path.length);
  for (let i = 0; i < n; i++) {
    const seg = p[i];
    const x = path[i];
    if (seg === null ? typeof x !== 'number' : seg !== x) return false;
  }
  return true;
}

type Json = unknown;
const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** Every concrete match of a pattern in a value: the indexes bound by its `[]` segments, the path and the value. */
export function matches(root: Json, p: PathPattern): { indexes: number[]; path: Path; value: Json }[] {
  const out: { indexes: number[]; path: Path; value: Json }[] = [];
  const walk = (v: Json, i: number, indexes: number[], path: (string | number)[]): void => {
    if (i === p.length) {
      out.push({ indexes, path, value: v });
      return;
    }
    const seg = p[i] as string | null;
    if (seg === null) {
      if (!Array.isArray(v)) return;
      v.forEach((x, k) => walk(x, i + 1, [...indexes, k], [...path, k]));
    } else if (isObj(v) && Object.hasOwn(v, seg)) walk(v[seg], i + 1, indexes, [...path, seg]);
  };
  walk(root, 0, [], []);
  return out;
}

/** The concrete path of a pattern with its `[]` segments bound to the indexes, in order. */
export function bind(p: PathPattern, indexes: readonly number[]): Path {
  let k = 0;
  return p.map((s) => (s === null ? (indexes[k++] ?? 0) : s));
}

export function defineKey(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

export function getAt(root: Json, path: Path): { found: boolean; value?: Json } {
  let v = root;
  for (const seg of path) {
    if (typeof seg === 'number') {
      if (!Array.isArray(v) || seg >= v.length) return { found: false };
      v = v[seg] as Json;
    } else {
      if (!isObj(v) || !Object.hasOwn(v, seg)) return { found: false };
      v = v[seg];
    }
  }
  return { found: true, value: v };
}

/**
 * Set a value, creating objects and lists on the way (a list grows with `{}` to reach an index). False when a
 * non-container value is in the way (the caller reports it; nothing is overwritten).
 */
export function setAt(root: Record<string, unknown>, path: Path, value: Json): boolean {
  let v: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    const last = i === path.length - 1;
    const nextIsIndex = typeof path[i + 1] === 'number';
    if (typeof seg === 'number') {
      if (!Array.isArray(v)) return false;
      while (v.length <= seg) v.push(last ? null : nextIsIndex ? [] : {});
      if (last) v[seg] = value;
      else if (v[seg] === null || v[seg] === undefined) v[seg] = nextIsIndex ? [] : {};
      v = v[seg] as unknown;
    } else {
      if (!isObj(v)) return false;
      if (last) defineKey(v, seg, value);
      else if (!Object.hasOwn(v, seg) || v[seg] === null) defineKey(v, seg, nextIsIndex ? [] : {});
      v = v[seg];
    }
  }
  return true;
}

/**
 * Delete a property; objects emptied by the deletion are removed too (up to, not including, list elements, which
 * keep their index). Returns whether something was deleted.
 */
export function deleteAt(root: Record<string, unknown>, path: Path): boolean {
  const parents: unknown[] = [];
  let v: unknown = root;
  for (const seg of path.slice(0, -1)) {
    parents.push(v);
    if (typeof seg === 'number') v = Array.isArray(v) ? (v[seg] as unknown) : undefined;
    else v = isObj(v) && Object.hasOwn(v, seg) ? v[seg] : undefined;
    if (v === undefined) return false;
  }
  const key = path[path.length - 1];
  if (typeof key !== 'string' || !isObj(v) || !Object.hasOwn(v, key)) return false;
  delete v[key];
  // Walk back up: remove a property whose object became empty by this deletion.
  for (let i = path.length - 2; i >= 0; i--) {
    const seg = path[i]!;
    const parent = parents[i];
    if (typeof seg !== 'string' || !isObj(parent)) break;
    const child = parent[seg];
    if (!isObj(child) || Object.keys(child).length > 0) break;
    delete parent[seg];
  }
  return true;
}
