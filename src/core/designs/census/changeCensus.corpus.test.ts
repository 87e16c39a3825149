// Every corpus CRD: the census runs without issues and its classification agrees with the schemas it came from.
import { describe, expect, it } from 'vitest';
import { corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { findKind } from '../../catalog/catalogLookup.ts';
import { fieldKey, versionFields } from '../strategies/fieldTree.ts';
import { changeCensus } from './changeCensus.ts';

const units = corpusUnits();

describe.skipIf(units.length === 0)('census over the corpus', () => {
  for (const unit of units)
    it(`${unit.id}: each pair is classified consistently with its two schemas`, () => {
      const { catalog } = importDir(unit.dir, unit.id);
      const { census, issues } = changeCensus([catalog]);
      expect(issues).toEqual([]);
      const apiPairs = catalog.kinds.reduce(
        (n, k) => n + Math.max(0, k.versions.filter((v) => v.role === 'api').length - 1),
        0,
      );
      expect(census.totals.pairs).toBe(apiPairs);
      for (const p of census.pairs) {
        const kind = findKind(catalog, { group: p.group, kind: p.kind });
        const at = (v: string) =>
          new Map(
            versionFields(
              kind!,
              kind!.versions.find((x) => x.name === v)!,
              'structural',
            ).map((f) => [fieldKey(f.path), f.signature]),
          );
        const from = at(p.from);
        const to = at(p.to);
        for (const a of p.added) expect(from.has(a) && to.has(a)).toBe(false);
        for (const r of p.removed) expect(to.has(r)).toBe(false);
        for (const r of p.renamed.filter((x) => !x.configured)) {
          const dest = `${r.path.slice(0, r.path.lastIndexOf('.'))}.${r.to}`;
          expect(to.has(r.path)).toBe(false);
          expect(from.has(dest)).toBe(false);
          expect(from.get(r.path)).toBe(to.get(dest));
        }
        const others =
          p.renamed.length +
          p.removed.length +
          p.becameOptional.length +
          p.becameRequired.length +
          p.typeChanged.length +
          p.enumChanged.length +
          p.validationChanged.length;
        if (p.categories.includes('only-additions')) expect(others === 0 && p.added.length > 0).toBe(true);
        if (p.categories.includes('identical')) expect(others + p.added.length).toBe(0);
      }
      const t = census.totals.onlyAdditions;
      expect(t.one + t.two + t.more).toBe(t.pairs);
    });
});
