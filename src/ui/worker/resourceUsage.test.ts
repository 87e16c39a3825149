import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planConversion, versionChanges, pathKey } from '../../core/index.ts';
import { CORPUS, importDir, readCorpusFile } from '../../core/testdata/loadCatalogs.ts';
import { firstUse, planTypeKey, usedPlanTypes } from './resourceUsage.ts';

describe('firstUse', () => {
  const doc = { spec: { list: [{ a: 1 }, { b: { c: 2 } }], map: { x: { y: 3 } } } };
  it('finds the first concrete place a schema path names, through array items and map values', () => {
    expect(firstUse(doc, ['spec', 'list', '*', 'b', 'c'])).toBe(pathKey(['spec', 'list', 1, 'b', 'c']));
    expect(firstUse(doc, ['spec', 'map', '*', 'y'])).toBe(pathKey(['spec', 'map', 'x', 'y']));
    expect(firstUse(doc, ['spec'])).toBe('spec');
  });
  it('is undefined where the document has nothing', () => {
    expect(firstUse(doc, ['spec', 'list', '*', 'z'])).toBeUndefined();
    expect(firstUse(doc, ['status'])).toBeUndefined();
    expect(firstUse(doc, ['spec', 'list', 'toString'])).toBeUndefined();
    expect(firstUse({ spec: {} }, ['spec', '__proto__'])).toBeUndefined();
  });
});

describe('usedPlanTypes (Flux HelmRelease v2beta1 -> v2, corpus)', () => {
  const dir = `${CORPUS}/fluxcd-helm-controller/crds`;
  const sample = 'fluxcd-helm-controller/samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml';
  it('keeps the types the resource reaches and leaves out the ones it does not', () => {
    const { catalog } = importDir(dir, 'flux');
    const doc = parse(readCorpusFile(sample)) as unknown;
    const plan = planConversion(
      catalog,
      { group: 'helm.toolkit.fluxcd.io', kind: 'HelmRelease' },
      'v2beta1',
      'v2',
    ).plan;
    expect(plan).toBeDefined();
    if (!plan) return;
    const used = new Set(usedPlanTypes(plan, doc));
    const all = plan.hops.flatMap((h) => h.types.map((t) => planTypeKey(h, t.sourceType)));
    const first = plan.hops[0];
    expect(first && used.has(planTypeKey(first, first.types[0]?.sourceType ?? ''))).toBe(true);
    expect(used.size).toBeGreaterThan(plan.hops.length);
    expect(used.size).toBeLessThan(all.length);
    // Every used key is a key of the plan.
    for (const k of used) expect(all).toContain(k);
    // The sample has no status, nor test or upgrade settings: no such type is used on the first hop.
    const firstTypes = [...used].filter((k) => k.startsWith(`${first?.from}>${first?.to}:`));
    expect(firstTypes.some((k) => /Status$/.test(k))).toBe(false);
    const changes = versionChanges(catalog, { group: 'helm.toolkit.fluxcd.io', kind: 'HelmRelease' }, 'v2beta1', 'v2');
    const removed = changes.changes?.changes.find((c) => c.path.at(-1) === 'patchesStrategicMerge');
    expect(removed && firstUse(doc, removed.path)).toBe(
      pathKey(['spec', 'postRenderers', 0, 'kustomize', 'patchesStrategicMerge']),
    );
  });
});
