// The closing line of `npm test`: CI parses its `N passed, N failed` prefix; skips and their reason follow.
import { describe, expect, it } from 'vitest';
import { closingLine } from './closingLine.mjs';

describe('closingLine', () => {
  it('starts with the counts CI reads', () => {
    const prefix = /^(\d+) passed, (\d+) failed/;
    for (const skipped of [0, 3])
      for (const noCorpus of [false, true]) {
        const m = prefix.exec(closingLine({ passed: 12, failed: 1, skipped, noCorpus }));
        expect([m?.[1], m?.[2]]).toEqual(['12', '1']);
      }
  });

  it('says how many were skipped, and why when the corpus is missing', () => {
    expect(closingLine({ passed: 5, failed: 0, skipped: 0, noCorpus: false })).toBe('5 passed, 0 failed');
    expect(closingLine({ passed: 5, failed: 0, skipped: 2, noCorpus: false })).toBe('5 passed, 0 failed, 2 skipped');
    expect(closingLine({ passed: 5, failed: 0, skipped: 2, noCorpus: true })).toMatch(
      /^5 passed, 0 failed, 2 skipped \(no corpus: .*npm run corpus.*\)$/,
    );
  });
});
