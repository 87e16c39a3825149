// CEL equality and ordering for the values library functions compare (numbers compare across int/uint/double,
// as CEL does; opaque values by their canonical text).
import { isCelList, isCelMap, isCelUint } from '@bufbuild/cel';
import { opaqueOf } from './opaque.ts';

/** Marks a list of `x-kubernetes-list-type: set` or `map`: it equals another list with the same elements in any order. */
export const UNORDERED = Symbol('k8s.cel.unordered');
const unordered = (l: object): boolean => (l as { [UNORDERED]?: boolean })[UNORDERED] === true;

type Scalar = bigint | number | string | boolean | null;

const reprOfOpaque = (v: unknown): string | undefined =>
  opaqueOf(v)
    ? ((v as { message?: { repr?: string }; repr?: string }).message?.repr ?? (v as { repr?: string }).repr)
    : undefined;

/**
 * CEL equality where set/map lists compare without order; `base` is the library's own equality for the rest
 * (numbers across types, timestamps, messages).
 */
export function k8sEquals(a: unknown, b: unknown, base: (x: unknown, y: unknown) => boolean): boolean {
  const ta = typeof a;
  // the common cases first (strings, ints, bools of one type): no dispatch through the library
  if (ta === typeof b && (ta === 'string' || ta === 'bigint' || ta === 'boolean')) return a === b;
  if (isCelList(a) && isCelList(b)) {
    if (a.size !== b.size) return false;
    const xs = [...a];
    const ys = [...b];
    if (unordered(a) || unordered(b)) return xs.every((x) => ys.some((y) => k8sEquals(x, y, base)));
    return xs.every((x, i) => k8sEquals(x, ys[i], base));
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    // get(), not has(): @bufbuild/cel 0.6.1's has() is false for a key whose value is null
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined || !k8sEquals(v, w, base)) return false;
    }
    return true;
  }
  if (a === null && b === null) return true;
  return base(a, b);
}

export function celEquals(a: unknown, b: unknown): boolean {
  const num = (x: unknown): number | bigint | undefined =>
    typeof x === 'bigint' || typeof x === 'number' ? x : isCelUint(x) ? x.value : undefined;
  const na = num(a);
  const nb = num(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na == nb;
  if (isCelList(a) && isCelList(b)) {
    const xs = [...a];
    const ys = [...b];
    return xs.length === ys.length && xs.every((x, i) => celEquals(x, ys[i]));
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !celEquals(v, b.get(k))) return false;
    return true;
  }
  const ra = reprOfOpaque(a);
  if (ra !== undefined) return ra === reprOfOpaque(b) && opaqueOf(a)?.name === opaqueOf(b)?.name;
  return a === b;
}

export function compareCel(a: unknown, b: unknown): number {
  const v = (x: unknown): Scalar => (isCelUint(x) ? x.value : (x as Scalar));
  const x = v(a);
  const y = v(b);
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number'))
    return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  throw new Error('no such overload: values are not comparable');
}
