import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignKeys } from './engine.ts';

const keysDeep = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(keysDeep)
    : v !== null && typeof v === 'object'
      ? Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, keysDeep(x)])
      : v;

describe('alignKeys', () => {
  const json = fc.jsonValue({ maxDepth: 4 });

  it('changes no value, only the order of keys', () => {
    fc.assert(
      fc.property(json, json, (ref, value) => {
        expect(alignKeys(ref, value)).toStrictEqual(value);
      }),
    );
  });

  // Keys that are array indexes ("0", "17") always enumerate first in a JS object, whatever the insertion order
  // (ECMAScript OrdinaryOwnPropertyKeys), so the law is about the other keys.
  const key = fc.string().filter((k) => !/^(0|[1-9]\d*)$/.test(k));
  it('puts the keys the reference has first, in its order', () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.integer()), fc.dictionary(key, fc.integer()), (ref, value) => {
        const out = Object.keys(alignKeys(ref, value) as object);
        const shared = Object.keys(ref).filter((k) => Object.hasOwn(value, k));
        expect(out.slice(0, shared.length)).toEqual(shared);
        expect(new Set(out)).toEqual(new Set(Object.keys(value)));
      }),
    );
  });

  it('returns a document already in order as it is (no copy), and copies only what it reorders', () => {
    const inner = { x: 1, y: 2 };
    const doc = { a: inner, b: [{ c: 1, d: 2 }] };
    expect(alignKeys({ a: { x: 0, y: 0 }, b: [{ c: 0 }] }, doc)).toBe(doc);
    const out = alignKeys({ b: [], a: { x: 0 } }, doc) as typeof doc;
    expect(Object.keys(out)).toEqual(['b', 'a']);
    expect(out.a).toBe(inner);
    expect(keysDeep(alignKeys({ a: { y: 0, x: 0 } }, doc))).toEqual([
      [
        'a',
        [
          ['y', 2],
          ['x', 1],
        ],
      ],
      [
        'b',
        [
          [
            ['c', 1],
            ['d', 2],
          ],
        ],
      ],
    ]);
  });
});
