// Integers of any size stay exact from parse to output (as the API server keeps int64); NaN and Infinity are
// reported. fast-check over integers around and far beyond 2^53.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonExact, stringifyJsonExact } from './numbers.ts';
import { parseResources } from '../text/parseResources.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import { roundTrip } from '../analyse/roundTrip.ts';
import { I, OPAQUE, apiVersion, arr, makeCatalog, makeKind, type } from '../testdata/fixtures.ts';

const big = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: 2n ** 53n - 5n, max: 2n ** 53n + 5n }),
  fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
);
/** As the parser should hold it: a number when a double is exact, else the bigint. */
const held = (b: bigint): number | bigint =>
  Number.isSafeInteger(Number(b)) && BigInt(Number(b)) === b ? Number(b) : b;

// v1 has `old` (kept in the hub's bag), `n` (copied), a list and an opaque (int-or-string-like) field.
const catalog = makeCatalog('big', [
  makeKind('big.example.com', 'Big', [
    apiVersion('v1', 'Big', 'BigSpec', [type('BigSpec', { n: I, old: I, list: arr(I), any: OPAQUE })]),
    apiVersion('v2', 'Big', 'BigSpec', [type('BigSpec', { n: I, list: arr(I), any: OPAQUE })]),
  ]),
]);

describe('exact integers', () => {
  it('JSON text -> value -> JSON text keeps every digit', () => {
    fc.assert(
      fc.property(fc.array(big, { maxLength: 5 }), (xs) => {
        const text = `{"a":[${xs.join(',')}]}`;
        const v = parseJsonExact(text) as { a: unknown[] };
        expect(v.a).toEqual(xs.map(held));
        expect(stringifyJsonExact(v)).toBe(text);
      }),
      { numRuns: 500, seed: 5 },
    );
  });

  it('YAML resources parse integers exactly; conversion and the bag keep them', () => {
    fc.assert(
      fc.property(big, big, big, big, (n, old, item, any) => {
        const text = `apiVersion: big.example.com/v1\nkind: Big\nmetadata:\n  name: b\nspec:\n  n: ${n}\n  old: ${old}\n  list: [1, ${item}]\n  any: ${any}\n`;
        const parsed = parseResources(text);
        expect(parsed.issues).toEqual([]);
        const doc = parsed.documents[0]?.value as { spec: Record<string, unknown> };
        expect(doc.spec).toEqual({ n: held(n), old: held(old), list: [1, held(item)], any: held(any) });
        const up = convertResource(catalog, doc, 'hub');
        const spec = (up.output as { spec: Record<string, unknown> }).spec;
        expect(spec.n).toBe(held(n));
        expect(spec.any).toBe(held(any));
        expect(spec.$propertyBag).toEqual({ Old: String(old) });
        const r = roundTrip(catalog, doc);
        expect(r.issues).toEqual([]);
        expect(r.ok).toBe(true);
        const back = convertResource(catalog, up.output, 'v1').output as { spec: Record<string, unknown> };
        expect(stringifyJsonExact(back.spec)).toBe(`{"any":${any},"list":[1,${item}],"n":${n},"old":${old}}`);
      }),
      { numRuns: 300, seed: 6 },
    );
  });

  it.each(['.nan', '.NaN', '.inf', '-.inf', '+.INF'])('%s is NUMBER_NOT_JSON at its line, not null', (x) => {
    const r = parseResources(`apiVersion: v1\nkind: Big\nmetadata:\n  name: b\nspec:\n  list: [1, ${x}]\n`, 'f.yaml');
    expect(r.documents).toEqual([]);
    expect(r.issues.map((i) => [i.code, i.path, i.file, i.range?.start.line])).toEqual([
      ['NUMBER_NOT_JSON', ['spec', 'list', 1], 'f.yaml', 6],
    ]);
  });
});
