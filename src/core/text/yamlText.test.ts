import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { exactIntegerReviver, stringifyJsonExact } from '../model/numbers.ts';
import { toYamlText } from './yamlText.ts';

/** As the CLI's reader takes YAML back: YAML 1.2 core, integers exact. */
const read = (text: string): unknown => {
  const [doc, ...rest] = parseAllDocuments(text, { intAsBigInt: true, uniqueKeys: true });
  expect(rest).toEqual([]);
  expect(doc?.errors).toEqual([]);
  return doc?.toJS({ reviver: exactIntegerReviver });
};

const tricky = fc.constantFrom(
  '',
  ' ',
  'a ',
  'yes',
  'No',
  'on',
  'y',
  '~',
  'null',
  'true',
  '1',
  '-1',
  '0x1F',
  '.5',
  '.inf',
  '.nan',
  '1e3',
  '2001-12-14',
  'a: b',
  'a #b',
  '#c',
  '- x',
  '[x]',
  '{x}',
  '*a',
  '&a',
  '!t',
  '|',
  '>',
  '@x',
  '`x',
  '%x',
  "'",
  '"',
  'multi\nline',
  'tab\there',
  '\u001b[31mred',
  '\u009b',
  '\u202eevil',
  '\u2028',
  'é',
  '\u0000',
  '__proto__',
);
const str = fc.oneof(fc.string({ unit: 'binary' }), tricky);
const leaf = fc.oneof(
  str,
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).filter((b) => !Number.isSafeInteger(Number(b))),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('arr'), tie('obj')),
  arr: fc.array(tie('node'), { maxLength: 4 }),
  obj: fc.dictionary(str, tie('node'), { maxKeys: 4 }),
})).node;

describe('toYamlText', () => {
  it('reads back as the same value, whatever the strings, keys and numbers', () => {
    fc.assert(
      fc.property(fc.dictionary(str, value, { maxKeys: 5 }), (v) => {
        // Compared as exact JSON text: an integral double beyond 2^53 reads back as the bigint of its digits.
        expect(stringifyJsonExact(read(toYamlText(v)))).toBe(stringifyJsonExact(v));
      }),
      { numRuns: 1000, seed: 8 },
    );
  });

  it('writes no raw control characters', () => {
    fc.assert(
      fc.property(fc.dictionary(str, value, { maxKeys: 5 }), (v) => {
        // eslint-disable-next-line no-control-regex
        expect(toYamlText(v)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      }),
      { numRuns: 500, seed: 9 },
    );
  });
});
