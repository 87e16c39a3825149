import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wrapMessage } from './wrapMessage.ts';

describe('wrapMessage', () => {
  it('breaks at spaces within the width', () => {
    expect(wrapMessage('a'.repeat(15) + ' ' + 'b'.repeat(10) + ' c', 20)).toBe(
      `${'a'.repeat(15)}\n${'b'.repeat(10)} c`,
    );
  });
  it('keeps existing line breaks and a word longer than the width', () => {
    expect(wrapMessage(`x\n${'y'.repeat(30)} z`, 20)).toBe(`x\n${'y'.repeat(30)}\nz`);
  });
  it('loses no character, and a line is over the width only when it is one word', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n') }),
        fc.integer({ min: 20, max: 80 }),
        (s, w) => {
          const out = wrapMessage(s, w);
          expect(out.replace(/\n/g, ' ')).toBe(s.replace(/\n/g, ' '));
          for (const line of out.split('\n')) if (line.length > w) expect(line).not.toContain(' ');
        },
      ),
    );
  });
});
