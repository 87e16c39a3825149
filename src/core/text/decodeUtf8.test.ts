import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8 } from './decodeUtf8.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('decodeUtf8', () => {
  it('reads UTF-8, multi-byte characters and a BOM as they are', () => {
    const text = '\ufeffname: Renée 名前 🙂\n';
    expect(decodeUtf8(new TextEncoder().encode(text))).toEqual({ text });
  });

  // The malformed sequences of the Unicode standard's table 3-7 (and its examples): each is refused at its first byte.
  it.each([
    ['a lone continuation byte', [0x80], 0],
    ['Latin-1 é', [...ascii('ab'), 0xe9, ...ascii('c')], 2],
    ['an overlong NUL', [0xc0, 0x80], 0],
    ['an overlong slash', [0xe0, 0x80, 0xaf], 0],
    ['a surrogate (U+D800)', [0xed, 0xa0, 0x80], 0],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['0xFF (a UTF-16 BOM)', [0xff, 0xfe, ...ascii('a')], 0],
    ['a sequence cut short at the end', [...ascii('x'), 0xe2, 0x82], 1],
    ['a sequence cut short by ASCII', [0xf0, 0x9f, 0x99, ...ascii('a')], 0],
  ])('%s is NOT_UTF8 at its first byte', (_, b, at) => {
    expect(firstInvalidUtf8(bytes(...b))).toBe(at);
    const got = decodeUtf8(bytes(...b), 'f.yaml');
    expect('issue' in got && got.issue.code).toBe('NOT_UTF8');
    expect('issue' in got && got.issue.range?.start.offset).toBe(at);
  });

  it('places the bad byte at its line and column (columns count characters, as the parsers do)', () => {
    const head = new TextEncoder().encode('a: 1\nname: "Ré');
    const got = decodeUtf8(bytes(...head, 0xe9, ...ascii('"\n')), 'p.yaml');
    expect(got).toMatchObject({ issue: { code: 'NOT_UTF8', file: 'p.yaml', range: { start: { line: 2, col: 10 } } } });
  });

  it('law: a well-formed string survives encode then decode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(decodeUtf8(new TextEncoder().encode(s))).toEqual({ text: s });
      }),
    );
  });

  it('law: any bytes are refused exactly when the platform decoder refuses them, at a byte that starts no character', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (b) => {
        let ok = true;
        try {
          strict.decode(b);
        } catch {
          ok = false;
        }
        const at = firstInvalidUtf8(b);
        expect(at === -1).toBe(ok);
        if (!ok) strict.decode(b.subarray(0, at)); // everything before it is well-formed
      }),
      { numRuns: 2000 },
    );
  });
});
