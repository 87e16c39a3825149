// cel-go's lists extension at version 3 (Kubernetes 1.34: lists.range, reverse, flatten, sort, sortBy, distinct;
// slice is Kubernetes' own) and sets extension (Kubernetes 1.29: sets.contains, sets.equivalent, sets.intersects).
import { CelScalar, celFunc, celMethod, isCelList, listType, type CelFunc } from '@bufbuild/cel';
import { celEquals, compareCel } from './celCompare.ts';

const items = (l: unknown): unknown[] => (isCelList(l) ? [...l] : []);

function flatten(xs: unknown[], depth: bigint): unknown[] {
  if (depth < 0n) throw new Error('level must be non-negative');
  const out: unknown[] = [];
  for (const x of xs) {
    if (isCelList(x) && depth > 0n) out.push(...flatten([...x], depth - 1n));
    else out.push(x);
  }
  return out;
}

function sortable(xs: unknown[]): void {
  // cel-go requires one comparable type for the whole list
  const kinds = new Set(xs.map((x) => (typeof x === 'number' || typeof x === 'bigint' ? 'num' : typeof x)));
  if (kinds.size > 1) throw new Error('list elements must have the same type');
}

function distinct(xs: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const x of xs) if (!out.some((y) => celEquals(x, y))) out.push(x);
  return out;
}

const containsAll = (a: unknown[], b: unknown[]) => b.every((y) => a.some((x) => celEquals(x, y)));

export function listFunctions(): CelFunc[] {
  const { INT, BOOL, DYN } = CelScalar;
  const LIST = listType(DYN);
  return [
    celFunc(
      'lists.range',
      [INT],
      LIST,
      (n) => Array.from({ length: Math.max(0, Number(n)) }, (_x, i) => BigInt(i)) as never,
    ),
    celMethod('reverse', LIST, [], LIST, function () {
      return items(this).reverse() as never;
    }),
    celMethod('flatten', LIST, [], LIST, function () {
      return flatten(items(this), 1n) as never;
    }),
    celMethod('flatten', LIST, [INT], LIST, function (d) {
      return flatten(items(this), d) as never;
    }),
    celMethod('distinct', LIST, [], LIST, function () {
      return distinct(items(this)) as never;
    }),
    celMethod('sort', LIST, [], LIST, function () {
      const xs = items(this);
      sortable(xs);
      return xs.sort(compareCel) as never;
    }),
    celFunc('@sortByAssociatedKeys', [LIST, LIST], LIST, (l, keys) => {
      const xs = [...l];
      const ks = [...keys];
      if (xs.length !== ks.length)
        throw new Error('@sortByAssociatedKeys() expected a list of the same size as the associated keys list');
      sortable(ks);
      const order = ks.map((k, i) => ({ k, i })).sort((a, b) => compareCel(a.k, b.k) || a.i - b.i);
      return order.map((o) => xs[o.i]) as never;
    }),
    celFunc('sets.contains', [LIST, LIST], BOOL, (a, b) => containsAll([...a], [...b])),
    celFunc(
      'sets.equivalent',
      [LIST, LIST],
      BOOL,
      (a, b) => containsAll([...a], [...b]) && containsAll([...b], [...a]),
    ),
    celFunc('sets.intersects', [LIST, LIST], BOOL, (a, b) => [...b].some((y) => [...a].some((x) => celEquals(x, y)))),
  ];
}
