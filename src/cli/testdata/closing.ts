// The closing line every command ends its stderr with (`verdict: <headline>`), read back for tests: there is
// exactly one, it is the last line, and its headline opens with the words of the verdict's status.
import { expect } from 'vitest';
import type { VerdictStatus } from '../../core/index.ts';

const OPENING: Record<VerdictStatus, RegExp> = {
  rejected: /^Would be rejected/,
  lossy: /^Lossy/,
  undetermined: /^Cannot tell/,
  lossless: /^(Accepted|Lossless|Compatible)/,
};

/** The headline of the closing line (asserting there is one, last); `status` also checks what it opens with. */
export function closingLine(err: string, status?: VerdictStatus): string {
  const lines = err.trimEnd().split('\n');
  expect(lines.filter((l) => l.startsWith('verdict: '))).toHaveLength(1);
  const last = lines.at(-1) ?? '';
  expect(last).toMatch(/^verdict: /);
  const headline = last.slice('verdict: '.length);
  if (status) expect(headline).toMatch(OPENING[status]);
  return headline;
}
