// Corpus-driven laws of the migration plan: every multi-version kind of ../shared/corpus, migrated to each of its
// CRD versions with the family's samples as the stored objects. A new CRD or sample is covered without a new test.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Kind, Path } from '../../index.ts';
import { parseResources } from '../../text/parseResources.ts';
import { corpusSamples, corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { describeCorpus } from '../../testdata/corpusSuite.ts';
import { planMigration, pruneRewrite } from './planMigration.ts';

const units = corpusUnits().map((u) => ({ ...u, catalog: importDir(u.dir, u.id.replace('/', '-')).catalog }));
const samples = new Map(
  [...new Set(units.map((u) => u.family))].map((f) => [
    f,
    // One list across the family's files, numbered in order (an object's `index` points back into it).
    corpusSamples(f)
      .flatMap((file) => parseResources(readFileSync(file, 'utf8'), file).documents)
      .map((d, index) => ({ ...d, index })),
  ]),
);

const get = (v: unknown, p: Path): unknown =>
  p.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

const cases = units.flatMap((u) =>
  u.catalog.kinds
    .filter((k) => k.versions.filter((v) => v.schema !== undefined).length > 1)
    .map((k) => ({ unit: u.id, family: u.family, kind: k.kind, k })),
);

describeCorpus('planMigration on the corpus', () => {
  it('has multi-version kinds to plan for, and real samples to rewrite, some of them lossy', () => {
    expect(cases.length).toBeGreaterThan(10);
    let objects = 0;
    let lossy = 0;
    for (const { family, k } of cases)
      for (const v of k.versions.filter((x) => x.schema !== undefined)) {
        const plan = planMigration(k, v.name, { objects: samples.get(family) ?? [] }).plan;
        objects += plan?.objects.length ?? 0;
        lossy += plan?.objects.filter((o) => o.dropped.length > 0).length ?? 0;
      }
    expect(objects).toBeGreaterThan(100);
    expect(lossy).toBeGreaterThan(0);
  });

  it.each(cases)(
    '$unit $kind: every target keeps only itself; rewrites are pruned, final and honest',
    ({ family, k }) => {
      const kind = k as Kind;
      const docs = samples.get(family) ?? [];
      for (const v of kind.versions.filter((x) => x.schema !== undefined)) {
        const { plan, issues } = planMigration(kind, v.name, { objects: docs });
        // A family's samples span its releases: objects at a version this bundle's CRD lacks are reported, nothing else.
        const names = new Set(kind.versions.map((x) => x.name));
        for (const i of issues.filter((x) => x.severity === 'error')) {
          expect(i.code).toBe('UNKNOWN_VERSION');
          const doc = docs.find((d) => d.range === i.range)?.value as { apiVersion?: string } | undefined;
          expect(names.has(doc?.apiVersion?.split('/')[1] ?? '')).toBe(false);
        }
        expect(plan?.remainingStoredVersions).toEqual([v.name]);
        expect(plan?.drop).not.toContain(v.name);
        expect(plan?.manifests.every((m) => m.spec.resource.version === v.name)).toBe(true);
        const rewrite = pruneRewrite(kind);
        for (const o of plan?.objects ?? []) {
          expect(get(o.document, ['apiVersion'])).toBe(`${kind.group}/${v.name}`);
          const original = docs[o.index]?.value;
          // What it says it loses was there, and is gone.
          for (const p of o.dropped) {
            expect(get(original, p)).not.toBeUndefined();
            expect(get(o.document, p)).toBeUndefined();
          }
          // Rewriting again at the same version loses nothing more.
          expect(rewrite(o.document as Record<string, unknown>, v.name, v.name).dropped).toEqual([]);
        }
      }
    },
  );
});
