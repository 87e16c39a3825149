import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, nameSimilarity } from './nameSimilarity.ts';

describe('editDistance', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['flaw', 'lawn', 2],
    ['same', 'same', 0],
  ])('%s -> %s is %i', (a, b, d) => expect(editDistance(a, b)).toBe(d));

  it('is symmetric and bounded by the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('nameSimilarity', () => {
  it('ignores letter case and falls with each edit', () => {
    expect(nameSimilarity('defaultconfigReferences', 'defaultConfigReferences')).toBe(1);
    expect(nameSimilarity('maxRetries', 'maxRetry')).toBeCloseTo(0.7, 5);
    expect(nameSimilarity('timeoutSeconds', 'timeoutSecond')).toBeCloseTo(13 / 14, 5);
    expect(nameSimilarity('alphaKey', 'sortKey')).toBeLessThan(0.5);
  });
});
