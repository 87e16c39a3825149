// Issue 28's hostile class: a hub document whose property bag holds keys named after Object.prototype
// (`__proto__`, `constructor`, `hasOwnProperty`, ...), converted to a spoke. Every entry is either restored to
// the spoke's field or reported at its bag entry; none is dropped without a word, and nothing is polluted.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalog, serializeCatalog } from '../../catalog/catalogSchema.ts';
import type { Catalog } from '../../model/model.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';
import { S, apiVersion, makeCatalog, makeKind, obj, type } from '../../testdata/fixtures.ts';
import { convertResource } from './convertResource.ts';

const PROTO = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'].filter((n, i, a) => a.indexOf(n) === i);
const goName = (n: string): string => n.charAt(0).toUpperCase() + n.slice(1);
/** Bag keys: the prototype's names as they are and as a Go property name (what ASO writes). */
const KEYS = [...new Set([...PROTO, ...PROTO.map(goName)])];

/** v1 has the string field `field` (at the spec and in `nested`); v2 lacks it: its v2storage hub keeps it in the bag. */
function catalogWith(field: string): Catalog {
  const spec = (withField: boolean) =>
    type('Spec', { name: S, nested: obj('Inner'), ...(withField ? { [field]: S } : {}) });
  const v1 = apiVersion('v1', 'Thing', 'Spec', [spec(true), type('Inner', { [field]: S })]);
  const v2 = apiVersion('v2', 'Thing', 'Spec', [spec(false), type('Inner', {})]);
  const loaded = loadCatalog(
    JSON.parse(serializeCatalog(makeCatalog('c', [makeKind('proto.example.com', 'Thing', [v1, v2])]))),
  );
  expect(loaded.issues).toEqual([]);
  return loaded.catalog as Catalog;
}

const own = (o: unknown, k: string): unknown =>
  o !== null && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined;

type Entries = readonly (readonly [string, string])[];

/** A hub document as read from a file (JSON.parse makes `__proto__` an own key). */
function hubDoc(bag: Entries, nestedBag: Entries): unknown {
  const text = (b: Entries) => `{${b.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
  return JSON.parse(
    `{"apiVersion":"proto.example.com/v2storage","kind":"Thing","metadata":{"name":"x"},` +
      `"spec":{"name":"n","originalVersion":"v1","nested":{"${PROPERTY_BAG}":${text(nestedBag)}},"${PROPERTY_BAG}":${text(bag)}}}`,
  ) as unknown;
}

const bagOf = fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), fc.string()), {
  minLength: 1,
  maxLength: 4,
  selector: ([k]) => k,
});
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

describe('a hub bag with prototype-named keys, converted to a spoke', () => {
  it('each entry is restored to the spoke field it belongs to or reported at its bag entry', () => {
    const before = protoNames();
    fc.assert(
      fc.property(fc.constantFrom(...PROTO), bagOf, bagOf, (field, bag, nestedBag) => {
        const cat = catalogWith(field);
        const fieldKey = goName(field);
        const doc = hubDoc(bag, nestedBag);
        for (const to of ['v1', 'v2']) {
          const r = convertResource(cat, doc, to);
          expect(r.output).toBeDefined();
          const reported = new Set(
            r.issues.filter((i) => i.code === 'LOST' || i.code === 'STRAY_BAG_KEY').map((i) => i.path.join('\u0000')),
          );
          const check = (entries: Entries, at: string[], out: unknown) => {
            for (const [k, v] of entries) {
              const restored = to === 'v1' && k === fieldKey && own(out, field) === v;
              const lost = reported.has([...at, PROPERTY_BAG, k].join('\u0000'));
              expect({ k, to, restored, lost }).toEqual({ k, to, restored, lost: !restored });
            }
          };
          const spec = own(r.output, 'spec');
          check(bag, ['spec'], spec);
          check(nestedBag, ['spec', 'nested'], own(spec, 'nested'));
          expect(own(spec, PROPERTY_BAG)).toBeUndefined(); // a spoke has no bag
        }
      }),
      { numRuns: 150, seed: 28 },
    );
    expect(protoNames()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('__proto__, constructor and hasOwnProperty: restored to v1, LOST at the entry for v2, prototypes intact', () => {
    const cat = catalogWith('__proto__');
    const fromFile = hubDoc(
      [
        ['__proto__', 'polluted'],
        ['constructor', 'c'],
        ['hasOwnProperty', 'h'],
      ],
      [],
    );
    const v1 = convertResource(cat, fromFile, 'v1');
    expect(Object.getPrototypeOf(own(v1.output, 'spec'))).toBe(Object.prototype);
    expect(own(own(v1.output, 'spec'), '__proto__')).toBe('polluted');
    expect(v1.issues.filter((i) => i.code === 'LOST').map((i) => i.path.at(-1))).toEqual([
      'constructor',
      'hasOwnProperty',
    ]);
    const v2 = convertResource(cat, fromFile, 'v2');
    expect(
      v2.issues
        .filter((i) => i.code === 'LOST')
        .map((i) => i.path.join('.'))
        .sort(),
    ).toEqual(['spec.$propertyBag.__proto__', 'spec.$propertyBag.constructor', 'spec.$propertyBag.hasOwnProperty']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
