import { describe, expect, it } from 'vitest';
import { linkLevel } from './limits.ts';

describe('linkLevel', () => {
  it.each([
    [1, 'chat'],
    [2_000, 'chat'],
    [2_001, 'safe'],
    [8_000, 'safe'],
    [8_001, 'github'],
    [65_536, 'github'],
    [65_537, 'too-long'],
  ])('puts a %i-character link at %s', (length, level) => {
    expect(linkLevel(length)).toBe(level);
  });
});
