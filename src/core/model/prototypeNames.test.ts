// Names that are also Object.prototype's (`__proto__`, `constructor`, `toString`, `valueOf`, ...) are data at
// every layer: field names going to and from the property bag, map keys, object type names, the root type,
// kind, version and catalog names. The catalog goes through its JSON form (as loaded from a file) first.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { loadCatalog, serializeCatalog } from '../catalog/catalogSchema.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import type { Catalog } from './model.ts';
import { planConversion } from '../plan/planConversion.ts';
import { PROPERTY_BAG } from './propertyBag.ts';
import { roundTrip } from '../analyse/roundTrip.ts';
import { S, apiVersion, makeCatalog, makeKind, map, obj, type } from '../testdata/fixtures.ts';
import { hooksFor } from '../../catalogs/hooks.ts';

const PROTO = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'].filter((n, i, a) => a.indexOf(n) === i);
const name = fc.constantFrom(...PROTO);

interface Names {
  readonly field: string;
  readonly key: string;
  readonly specType: string;
  readonly root: string;
  readonly id: string;
}

/** v1 has `field` (string) and a map; v2 lacks `field`: the v2storage hub keeps it in the bag. */
function catalogWith(n: Names): Catalog {
  const spec = (extra: boolean) =>
    type(n.specType, { name: S, labels: map(S), nested: obj('Inner'), ...(extra ? { [n.field]: S } : {}) });
  const inner = type('Inner', { [n.field]: S });
  const v1 = apiVersion('v1', n.root, n.specType, [spec(true), inner]);
  const v2 = apiVersion('v2', n.root, n.specType, [spec(false), type('Inner', {})]);
  const built = makeCatalog(n.id, [makeKind('proto.example.com', n.root, [v1, v2])]);
  const loaded = loadCatalog(JSON.parse(serializeCatalog(built)));
  expect(loaded.issues).toEqual([]);
  return loaded.catalog as Catalog;
}

const own = (o: unknown, k: string): unknown =>
  o !== null && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined;

// The root and the spec type are two types: their names differ.
const names = fc
  .record({ field: name, key: name, specType: name, root: name, id: name })
  .filter((n) => n.root !== n.specType);

describe('prototype names as data', () => {
  it('a field kept in the bag round-trips, with its value, whatever its name', () => {
    fc.assert(
      fc.property(names, fc.string(), (n, value) => {
        const cat = catalogWith(n);
        const doc = {
          apiVersion: 'proto.example.com/v1',
          kind: n.root,
          metadata: { name: 'x' },
          spec: JSON.parse(
            `{"name":"n","labels":{${JSON.stringify(n.key)}:"v"},${JSON.stringify(n.field)}:${JSON.stringify(value)},"nested":{${JSON.stringify(n.field)}:"in"}}`,
          ) as unknown,
        };
        const up = convertResource(cat, doc, 'hub');
        expect(up.issues.filter((i) => i.severity === 'error' || i.code === 'LOST')).toEqual([]);
        const spec = own(up.output, 'spec');
        const bag = own(spec, PROPERTY_BAG);
        expect(Object.keys(bag as object)).toHaveLength(1);
        expect(Object.values(bag as object)).toEqual([value]);
        expect(own(own(spec, 'labels'), n.key)).toBe('v');
        expect(Object.values(own(own(spec, 'nested'), PROPERTY_BAG) as object)).toEqual(['in']);
        const r = roundTrip(cat, doc);
        expect(r.issues).toEqual([]);
        expect(r.differences).toEqual([]);
        expect(r.ok).toBe(true);
      }),
      { numRuns: 120, seed: 15 },
    );
  });

  it('an absent field of any name makes no bag entry, and the way back is exact', () => {
    fc.assert(
      fc.property(names, (n) => {
        const cat = catalogWith(n);
        const doc = { apiVersion: 'proto.example.com/v1', kind: n.root, metadata: { name: 'x' }, spec: { name: 'n' } };
        const up = convertResource(cat, doc, 'hub');
        expect(own(own(up.output, 'spec'), PROPERTY_BAG)).toBeUndefined();
        const r = roundTrip(cat, doc);
        expect(r.issues).toEqual([]);
        expect(r.ok).toBe(true);
      }),
      { numRuns: 100, seed: 16 },
    );
  });

  it('plans, generated instances and hooks work for any type, root or catalog name', () => {
    fc.assert(
      fc.property(names, (n) => {
        const cat = catalogWith(n);
        const kind = cat.kinds[0];
        if (!kind) throw new Error('no kind');
        expect(hooksFor(n.id).find(n.root, 'v1', 'v1storage', n.specType)).toBeUndefined();
        const p = planConversion(cat, n.root, 'v1', 'hub', { type: n.specType });
        expect(p.issues.filter((i) => i.severity === 'error')).toEqual([]);
        expect(p.plan?.hops[0]?.types.map((t) => t.sourceType)).toEqual([n.specType, 'Inner']);
        const unknown = planConversion(cat, n.root, 'v1', 'hub', { type: `${n.specType}-absent` });
        expect(unknown.plan).toBeUndefined();
        for (const doc of fc.sample(arbitraryInstance(cat, kind, 'v1', { maxDepth: 3, maxItems: 2 }), {
          numRuns: 5,
          seed: 1,
        })) {
          const r = roundTrip(cat, doc);
          expect(r.issues).toEqual([]);
          expect(r.ok).toBe(true);
        }
      }),
      { numRuns: 60, seed: 17 },
    );
  });
});
