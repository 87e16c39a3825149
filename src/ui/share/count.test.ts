import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count } from './count.ts';

describe('count', () => {
  it("writes an integer as toLocaleString('en') does (law)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(count(n)).toBe(n.toLocaleString('en'));
      }),
      { numRuns: 2000 },
    );
  });

  it('groups by three from the right', () => {
    expect(count(0)).toBe('0');
    expect(count(999)).toBe('999');
    expect(count(1000)).toBe('1,000');
    expect(count(65_536)).toBe('65,536');
    expect(count(-1_234_567)).toBe('-1,234,567');
  });

  it('leaves what is not a safe integer to toLocaleString', () => {
    expect(count(1.5)).toBe((1.5).toLocaleString('en'));
    expect(count(2 ** 60)).toBe((2 ** 60).toLocaleString('en'));
  });
});
