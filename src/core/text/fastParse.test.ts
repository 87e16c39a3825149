import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonRangeAt, jsonRanges, loadYamlValue } from './fastParse.ts';
import { parseResources } from './parseResources.ts';

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

describe('loadYamlValue', () => {
  it('reads every plain scalar as the full parse does (law)', () => {
    // Pieces of the core schema's null, bool, int and float forms, and of words that only look like them.
    const piece = fc.constantFrom(
      ...['true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL', 'nULL', '~', 'y', 'n'],
      ...['0', '1', '7', '9', '0x', '0o', '0b', 'e', 'E', '.', '-', '+', 'inf', 'Inf', 'nan', 'NaN', '_', 'a', 'F'],
    );
    const scalar = fc.array(piece, { maxLength: 4 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(scalar, (s) => {
        const text = `v: ${s}\nw: [${s}]\n`;
        const full = parseResources(text);
        if (full.issues.length > 0 || full.documents.length !== 1) return;
        let fast: unknown;
        try {
          fast = loadYamlValue(text);
        } catch {
          return; // declined: the full parse then applies
        }
        expect(fast).toStrictEqual(full.documents[0]?.value);
      }),
      { numRuns: 3000 },
    );
  });
});
