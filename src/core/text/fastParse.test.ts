import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonRangeAt, jsonRanges } from './fastParse.ts';

describe('jsonRangeAt', () => {
  it('finds every path where jsonRanges does, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 5 }),
        fc.boolean(),
        (v, pretty) => {
          const text = JSON.stringify(v, null, pretty ? 2 : undefined);
          const all = jsonRanges(text);
          for (const [k, r] of all) expect(jsonRangeAt(text, k === '' ? [] : k.split('\u0000')), k).toEqual(r);
          expect(jsonRangeAt(text, ['\u0002absent'])).toBeUndefined();
        },
      ),
      { numRuns: 300, seed: 10 },
    );
  });
});
