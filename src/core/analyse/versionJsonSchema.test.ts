import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { versionJsonSchema } from './versionJsonSchema.ts';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import { chained, personV1V2, serviceFabric } from '../testdata/fixtures.ts';

describe('versionJsonSchema', () => {
  for (const cat of [serviceFabric(), personV1V2(), chained()]) {
    for (const kind of cat.kinds) {
      for (const v of kind.versions.filter((x) => x.role === 'api')) {
        it(`generated ${cat.id} ${v.name} instances validate, and so do their hub forms`, () => {
          const ajv = new Ajv({ strict: false, validateFormats: false });
          const api = ajv.compile(versionJsonSchema(cat, kind, v.name)!);
          const hub = ajv.compile(versionJsonSchema(cat, kind, 'hub')!);
          fc.assert(
            fc.property(arbitraryInstance(cat, kind, v.name), (doc) => {
              if (!api(doc)) throw new Error(JSON.stringify(api.errors));
              const h = convertResource(cat, doc, 'hub', { fates: false }).output;
              if (!hub(h)) throw new Error(JSON.stringify(hub.errors));
            }),
            { numRuns: 200 },
          );
        });
      }
    }
  }

  it('closes objects, requires required fields and allows $propertyBag on storage objects only', () => {
    const cat = personV1V2();
    const kind = cat.kinds[0]!;
    const ajv = new Ajv({ strict: false });
    const v2 = ajv.compile(versionJsonSchema(cat, kind, 'v2')!);
    expect(v2({ apiVersion: 'example.com/v2', kind: 'Person', spec: { name: 'a' } })).toBe(false);
    const hub = ajv.compile(versionJsonSchema(cat, kind, 'hub')!);
    expect(
      hub({
        apiVersion: 'example.com/v2storage',
        kind: 'Person',
        spec: { $propertyBag: { A: 'x' }, originalVersion: 'v1' },
      }),
    ).toBe(true);
    expect(hub({ apiVersion: 'example.com/v2storage', kind: 'Person', spec: { bogus: 1 } })).toBe(false);
  });
});
