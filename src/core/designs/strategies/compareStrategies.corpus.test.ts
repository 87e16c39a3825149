// Every kind of every corpus CRD: the comparison runs, and its laws hold whatever the schemas look like.
import { describe, expect, it } from 'vitest';
import { corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { compareStrategies } from './compareStrategies.ts';
import { layoutVersionMap } from './versionMapLayout.ts';

const units = corpusUnits();

describe.skipIf(units.length === 0)('strategy comparison over the corpus', () => {
  for (const unit of units)
    it(`${unit.id}: no design loses a field without saying which versions carry it`, () => {
      const { catalog } = importDir(unit.dir, unit.id);
      for (const kind of catalog.kinds) {
        const all = compareStrategies(catalog, { group: kind.group, kind: kind.kind });
        expect(all.issues).toEqual([]);
        const c = all.comparison;
        if (!c) continue;
        const fixed = c.designs.find((d) => d.id === 'fixed');
        // With every release in the horizon the superset forgets nothing and only grows.
        expect(fixed?.losses.filter((l) => l.kind === 'forgotten')).toEqual([]);
        const counts = c.timeline.map((s) => s.fixedPropertyCount);
        expect(counts).toEqual([...counts].sort((a, b) => a - b));
        // The rolling hub never loses a field: what it cannot hold is in the bag.
        expect(c.designs.find((d) => d.id === 'rolling-hub')?.losses).toEqual([]);
        for (const d of c.designs) {
          for (const l of d.losses) expect(l.versions.length).toBeGreaterThan(0);
          // the version map: one node per version and the storage node, one line per version, none touching
          const l = layoutVersionMap(d.map);
          expect(new Set(l.nodes.map((n) => n.id)).size).toBe(l.nodes.length);
          for (const e of d.map.edges) expect(l.nodes.some((n) => n.id === e.from)).toBe(true);
          l.nodes.forEach((a, i) =>
            l.nodes.slice(i + 1).forEach((b) => {
              const apart =
                a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
              expect(apart).toBe(true);
            }),
          );
        }
        // A horizon of one release: the fixed type holds only what the newest release declares.
        const one = compareStrategies(catalog, { group: kind.group, kind: kind.kind }, { horizon: 1 }).comparison;
        const current = new Set(one?.versions.filter((v) => v.status === 'current').map((v) => v.name));
        expect(current.has(c.at)).toBe(true);
        for (const p of one?.designs.find((d) => d.id === 'fixed')?.properties ?? [])
          expect(p.versions.every((v) => current.has(v))).toBe(true);
      }
    });
});
