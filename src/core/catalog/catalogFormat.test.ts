import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { upgradeCatalogJson } from './catalogFormat.ts';
import { loadCatalog, serializeCatalog } from './catalogSchema.ts';
import { CATALOG_FORMAT_VERSION } from '../model/model.ts';

// Written by the build before the rename (format 1, `storage`), from the same source as the importer golden.
const read = (rel: string): unknown => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
const format1 = () =>
  read('../testdata/crd.format1.catalog.json') as { kinds: { versions: Record<string, unknown>[] }[] };
const currentGolden = () =>
  readFileSync(new URL('../../importers/testdata/golden/crd.catalog.json', import.meta.url), 'utf8');

describe('catalog format 1 (Version.storage)', () => {
  it('loads, and serialises exactly as the current importer writes the same source', () => {
    const r = loadCatalog(format1());
    expect(r.issues).toEqual([]);
    expect(r.catalog?.formatVersion).toBe(CATALOG_FORMAT_VERSION);
    expect(serializeCatalog(r.catalog!)).toBe(currentGolden());
  });

  it('carries each version`s storage flag over as crdStorage and drops the old key', () => {
    const old = format1();
    const flags = old.kinds.flatMap((k) => k.versions.map((v) => v.storage));
    expect(flags).toContain(true);
    expect(flags).toContain(false);
    const upgraded = upgradeCatalogJson(old) as typeof old;
    expect(upgraded.kinds.flatMap((k) => k.versions.map((v) => v.crdStorage))).toEqual(flags);
    expect(upgraded.kinds.flatMap((k) => k.versions.filter((v) => Object.hasOwn(v, 'storage')))).toEqual([]);
  });

  it('does not mutate its input', () => {
    const old = format1();
    const before = JSON.stringify(old);
    upgradeCatalogJson(old);
    expect(JSON.stringify(old)).toBe(before);
  });

  it('still reports a broken format-1 catalog, at the upgraded path', () => {
    const old = format1();
    delete old.kinds[0]!.versions[1]!.storage;
    const r = loadCatalog(old);
    expect(r.catalog).toBeUndefined();
    expect(r.issues.map((i) => [i.code, i.path])).toEqual([['INVALID_CATALOG', ['kinds', 0, 'versions', 1]]]);
    expect(loadCatalog({ formatVersion: 1, kinds: 'none' }).issues.map((i) => i.code)).toEqual(['INVALID_CATALOG']);
  });

  it('keeps both keys when a format-1 version already has crdStorage (the validator decides)', () => {
    const old = format1();
    old.kinds[0]!.versions[0]!.crdStorage = false;
    const upgraded = upgradeCatalogJson(old) as typeof old;
    expect(upgraded.kinds[0]!.versions[0]).toMatchObject({
      storage: old.kinds[0]!.versions[0]!.storage,
      crdStorage: false,
    });
  });
});

describe('upgradeCatalogJson', () => {
  it('returns anything that is not a format-1 catalog as it is', () => {
    const current = read('../../importers/testdata/golden/crd.catalog.json');
    expect(upgradeCatalogJson(current)).toBe(current);
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const isFormat1 = typeof v === 'object' && v !== null && !Array.isArray(v) && v.formatVersion === 1;
        fc.pre(!isFormat1);
        expect(upgradeCatalogJson(v)).toBe(v);
      }),
    );
  });

  it('never throws on any format-1 shaped value, and loadCatalog answers with issues or a catalog', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), (rest, kinds) => {
        const r = loadCatalog({ ...rest, formatVersion: 1, kinds });
        expect(r.catalog !== undefined || r.issues.length > 0).toBe(true);
      }),
    );
  });
});
