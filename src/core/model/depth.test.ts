import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_DEPTH, tooDeepAt } from './depth.ts';

/** Nesting depth, written recursively (fine for the small values of the property). */
const depth = (v: unknown): number =>
  v === null || typeof v !== 'object' ? 0 : 1 + Math.max(0, ...Object.values(v as object).map(depth));

const at = (v: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], v);

describe('tooDeepAt', () => {
  it('finds a path exactly when the value nests deeper than the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (v, limit) => {
        const p = tooDeepAt(v, limit);
        expect(p !== undefined).toBe(depth(v) > limit);
        if (p) {
          expect(p).toHaveLength(limit);
          const node = at(v, p);
          expect(node !== null && typeof node === 'object').toBe(true);
        }
      }),
      { numRuns: 500, seed: 4 },
    );
  });

  it('walks 100,000 levels without recursion', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(tooDeepAt(v)).toHaveLength(MAX_DEPTH);
    expect(tooDeepAt(v, 200_000)).toBeUndefined();
  });
});
