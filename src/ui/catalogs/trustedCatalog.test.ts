import { describe, expect, it } from 'vitest';
import { CATALOG_FORMAT_VERSION } from '../../core/index.ts';
import { trustedCatalog } from './trustedCatalog.ts';
import format1 from '../../core/testdata/crd.format1.catalog.json';
import current from '../../importers/testdata/golden/crd.catalog.json';

describe('trustedCatalog', () => {
  it('reads a catalog saved by an older build (format 1) in the current format', () => {
    const c = trustedCatalog(structuredClone(format1));
    expect(c?.formatVersion).toBe(CATALOG_FORMAT_VERSION);
    expect(c?.kinds.flatMap((k) => k.versions.map((v) => typeof v.crdStorage))).not.toContain('undefined');
  });

  it('reads the current format and refuses anything else', () => {
    expect(trustedCatalog(structuredClone(current))?.id).toBe('crd');
    expect(trustedCatalog({ formatVersion: CATALOG_FORMAT_VERSION + 1, kinds: [] })).toBeUndefined();
    expect(trustedCatalog(null)).toBeUndefined();
  });
});
