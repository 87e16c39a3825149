import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planConversion, versionChanges, pathKey, type Plan, type TypePlan } from '../../core/index.ts';
import { bigClusterYaml } from '../../../bench/support/bigResource.ts';
import { CORPUS, builtinCatalog, importDir, readCorpusFile } from '../../core/testdata/loadCatalogs.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
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

describeCorpus('usedPlanTypes (Flux HelmRelease v2beta1 -> v2, corpus)', () => {
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

/** A copy of `v` whose arrays' first object items keep only their scalar fields. */
function thinFirstItems(v: unknown): unknown {
  if (Array.isArray(v))
    return v.map((x, i) =>
      i === 0 && x !== null && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x).filter(([, y]) => y === null || typeof y !== 'object'))
        : thinFirstItems(x),
    );
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, thinFirstItems(x)]));
}

/** The plain walk usedPlanTypes shortens: every object, every hop (the reference it must agree with). */
function everyObjectWalk(plan: Plan, doc: unknown): Set<string> {
  const out = new Set<string>();
  for (const hop of plan.hops) {
    const byType = new Map(hop.types.map((t) => [t.sourceType, t]));
    const visit = (t: TypePlan | undefined, v: unknown) => {
      if (!t || v === null || typeof v !== 'object' || Array.isArray(v)) return;
      out.add(planTypeKey(hop, t.sourceType));
      for (const s of t.steps) {
        if (!s.source || !s.nested || !Object.hasOwn(v, s.source)) continue;
        const x = (v as Record<string, unknown>)[s.source];
        const child = byType.get(s.nested.sourceType);
        const isMap = s.sourceType?.replace(/^\*/, '').startsWith('map[') ?? false;
        if (Array.isArray(x)) x.forEach((item) => visit(child, item));
        else if (isMap && x !== null && typeof x === 'object') Object.values(x).forEach((item) => visit(child, item));
        else visit(child, x);
      }
    };
    visit(hop.types[0], doc);
  }
  return out;
}

describe('usedPlanTypes agrees with visiting every object', () => {
  it('on large generated clusters, whose repeated items stop the walk early (ServiceFabric, every version pair)', () => {
    const catalog = builtinCatalog('servicefabric');
    const kind = catalog.kinds.find((k) => k.kind === 'Cluster');
    expect(kind).toBeDefined();
    if (!kind) return;
    const versions = kind.versions.filter((v) => v.role === 'api').map((v) => v.name);
    expect(versions.length).toBeGreaterThan(1);
    let compared = 0;
    for (const seed of [1, 2, 3]) {
      const full = parse(bigClusterYaml(40_000, seed)) as unknown;
      // And the same with every list's first item cut to its scalars: nested types then first occur in a
      // later item, after the item type was already seen.
      for (const doc of [full, thinFirstItems(full)])
        for (const from of versions)
          for (const to of versions) {
            if (from === to) continue;
            const plan = planConversion(catalog, { group: kind.group, kind: kind.kind }, from, to).plan;
            if (!plan) continue;
            const used = new Set(usedPlanTypes(plan, doc));
            expect(used).toEqual(everyObjectWalk(plan, doc));
            expect(used.size).toBeGreaterThan(plan.hops.length);
            compared++;
          }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
