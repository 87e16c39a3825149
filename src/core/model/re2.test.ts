import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileRe2, re2Find, re2FindAll, re2Test } from './re2.ts';

const must = (p: string) => {
  const r = compileRe2(p);
  if (!r.ok) throw new Error(r.error);
  return r.re;
};

describe('RE2 (Go regexp semantics)', () => {
  it('accepts RE2-only syntax JavaScript lacks', () => {
    expect(re2Test(must('(?i)^abc$'), 'ABC')).toBe(true);
    expect(re2Test(must('^a\\z'), 'a')).toBe(true);
    expect(re2Test(must('^[[:alpha:]]+$'), 'abZ')).toBe(true);
    expect(re2Test(must('^\\p{Greek}$'), 'α')).toBe(true);
  });

  it('rejects what RE2 rejects: backreferences, lookaround', () => {
    expect(compileRe2('(a)\\1').ok).toBe(false);
    expect(compileRe2('(?=a)b').ok).toBe(false);
    expect(compileRe2('(?<!a)b').ok).toBe(false);
    expect(compileRe2('[').ok).toBe(false);
  });

  it('is unanchored like Go MatchString (pattern semantics)', () => {
    expect(re2Test(must('b'), 'abc')).toBe(true);
    expect(re2Test(must('^b'), 'abc')).toBe(false);
  });

  it('runs in linear time on the classic catastrophic-backtracking pattern', () => {
    const t0 = performance.now();
    expect(re2Test(must('^(a+)+$'), 'a'.repeat(5000) + 'b')).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('find and findAll follow Go (empty matches abutting a match are skipped)', () => {
    expect(re2Find(must('[0-9]+'), 'x12y345')).toBe('12');
    expect(re2Find(must('[0-9]+'), 'xy')).toBeUndefined();
    expect(re2FindAll(must('a*'), 'abaacad')).toEqual(['a', 'aa', 'a', '']);
    expect(re2FindAll(must('[0-9]+'), '1 22 333', 2)).toEqual(['1', '22']);
    expect(re2FindAll(must('[0-9]+'), '1 22 333', 0)).toEqual([]);
  });

  it('agrees with JavaScript on patterns both read the same way', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-c]{0,6}$/), (s) => {
        for (const p of ['^a+b*$', 'ab|ca', '^(ab)*c?$', '[^a]b'])
          expect(re2Test(must(p), s)).toBe(new RegExp(p).test(s));
      }),
    );
  });

  it('compiles once per pattern', () => {
    expect(compileRe2('^x$')).toBe(compileRe2('^x$'));
  });
});
