import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Catalog, Version } from '../model/model.ts';
import { CATALOG_FORMAT_VERSION, EMPTY_CONFIG } from '../model/model.ts';
import { buildKind } from '../versions/buildKind.ts';
import { deriveStorageVariant } from '../versions/storageVariant.ts';
import { catalogHash, catalogSchema, loadCatalog, serializeCatalog } from './catalogSchema.ts';

const v1: Version = {
  name: 'v1',
  role: 'api',
  twin: 'v1storage',
  served: true,
  crdStorage: true,
  deprecated: false,
  root: 'Thing',
  spec: 'spec',
  types: {
    Thing: {
      name: 'Thing',
      named: false,
      hasPropertyBag: false,
      properties: [{ name: 'spec', bagKey: 'Spec', type: { kind: 'object', name: 'ThingSpec' }, required: false }],
    },
    ThingSpec: {
      name: 'ThingSpec',
      named: false,
      hasPropertyBag: false,
      properties: [
        { name: 'mode', bagKey: 'Mode', type: { kind: 'enum', base: 'string', values: ['a'] }, required: true },
      ],
    },
  },
};

const catalog = (): Catalog => {
  const { kind } = buildKind({ group: 'g.io', kind: 'Thing', versions: [v1, deriveStorageVariant(v1)] });
  if (!kind) throw new Error('no kind');
  return {
    formatVersion: CATALOG_FORMAT_VERSION,
    id: 'x',
    title: 'X',
    kinds: [kind],
    config: EMPTY_CONFIG,
    sources: ['a.yaml'],
  };
};

const roundTrip = (c: unknown) => loadCatalog(JSON.parse(JSON.stringify(c)));

describe('loadCatalog', () => {
  it('accepts a built catalog', () => {
    const r = roundTrip(catalog());
    expect(r.issues).toEqual([]);
    expect(r.catalog?.kinds[0]?.hub).toBe('v1storage');
  });

  it('rejects non-objects and other format versions', () => {
    expect(loadCatalog([]).issues.map((i) => i.code)).toEqual(['INVALID_CATALOG']);
    expect(
      roundTrip({ ...catalog(), formatVersion: CATALOG_FORMAT_VERSION + 1 }).issues.map((i) => [i.code, i.path]),
    ).toEqual([['CATALOG_FORMAT_VERSION', ['formatVersion']]]);
  });

  it('reports schema violations with the JSON path', () => {
    const c = catalog() as unknown as { kinds: { versions: { role: string }[] }[] };
    (c.kinds[0]?.versions[1] as { role: string }).role = 'hub';
    const r = roundTrip(c);
    expect(r.catalog).toBeUndefined();
    expect(r.issues[0]).toMatchObject({ code: 'INVALID_CATALOG', path: ['kinds', 0, 'versions', 1, 'role'] });
  });

  it('reports references the schema cannot check: hub and object types', () => {
    const c = JSON.parse(JSON.stringify(catalog()));
    c.kinds[0].hub = 'v9storage';
    c.kinds[0].versions[0].types.Thing.properties[0].type.name = 'Missing';
    expect(roundTrip(c).issues.map((i) => [i.code, i.path.join('.')])).toEqual([
      ['INVALID_CATALOG', 'kinds.0.hub'],
      ['INVALID_CATALOG', 'kinds.0.versions.0.types.Thing.properties.0.type'],
    ]);
  });

  it('accepts the optional generated marker', () => {
    expect(roundTrip({ ...catalog(), generated: 'by a test' }).issues).toEqual([]);
    expect(catalogSchema.properties.generated.type).toBe('string');
  });
});

describe('serializeCatalog', () => {
  it('writes formatVersion first, sorted keys, 2-space indent and a trailing newline', () => {
    const text = serializeCatalog(catalog());
    expect(text.startsWith('{\n  "formatVersion": 2,\n  "id": "x",\n  "title": "X",\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('does not depend on key insertion order', () => {
    const c = catalog();
    const shuffled = JSON.parse(JSON.stringify(c), function (this: unknown, _k, v) {
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).reverse());
      return v;
    });
    expect(serializeCatalog(shuffled)).toBe(serializeCatalog(c));
  });
});

describe('catalogHash', () => {
  it('is a stable 16-digit hex string', () => {
    expect(catalogHash('')).toMatch(/^[0-9a-f]{16}$/);
    expect(catalogHash('abc')).toBe(catalogHash('abc'));
  });

  it('changes when the text changes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => a === b || catalogHash(a) !== catalogHash(b)),
      { numRuns: 500 },
    );
  });
});

describe('loadCatalog: object types (fast path, full validator for the message)', () => {
  const bad = (edit: (spec: Record<string, unknown>) => void) => {
    const c = JSON.parse(JSON.stringify(catalog())) as {
      kinds: { versions: { types: Record<string, { properties: Record<string, unknown>[] }> }[] }[];
    };
    edit(c.kinds[0]!.versions[0]!.types.ThingSpec!.properties[0]!);
    return loadCatalog(c).issues.map((i) => [i.code, i.path.slice(0, 8).join('/')]);
  };
  const at = 'kinds/0/versions/0/types/ThingSpec/properties/0';

  it('rejects a bad type ref, validation or flag deep in a type, at its path', () => {
    expect(bad((p) => (p.type = { kind: 'tuple' }))).toEqual([['INVALID_CATALOG', at]]);
    expect(bad((p) => (p.type = { kind: 'array', items: { kind: 'enum', base: 'date', values: [] } }))).toEqual([
      ['INVALID_CATALOG', at],
    ]);
    expect(bad((p) => (p.validation = { minLength: 1.5 }))).toEqual([['INVALID_CATALOG', at]]);
    expect(bad((p) => (p.required = 'yes'))).toEqual([['INVALID_CATALOG', at]]);
    expect(bad((p) => (p.conversion = 'auto'))).toEqual([['INVALID_CATALOG', at]]);
  });

  it('accepts every valid type ref kind and validation fact', () => {
    const refs = [
      { kind: 'primitive', name: 'integer' },
      { kind: 'enum', base: 'number', values: [1, 2.5], name: 'Level' },
      { kind: 'map', values: { kind: 'array', items: { kind: 'opaque', reason: 'int-or-string' } } },
    ];
    for (const type of refs)
      expect(
        bad((p) => {
          p.type = type;
          p.validation = { minimum: 1.5, exclusiveMinimum: true, maxItems: 3, default: { a: 1 }, nullable: true };
          p.readOnly = true;
          p.conversion = 'manual';
        }),
      ).toEqual([]);
  });
});
