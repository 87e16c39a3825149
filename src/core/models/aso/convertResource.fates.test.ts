// Fates of hand-written hooks and of multi-hop conversions (CONVERSION.md §9: every loss is reported). A fate's
// sourcePath must point into the input document and its targetPath into the output, whatever the hops between.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { arbitraryInstance } from '../../testing/arbitrary.ts';
import { convertResource, type ConvertOptions } from './convertResource.ts';
import { hookRegistry, type HookRegistry } from '../../plan/hooks.ts';
import type { Catalog } from '../../model/model.ts';
import type { ConversionResult } from '../../plan/conversionTypes.ts';
import type { Fate } from '../../fates/fate.ts';
import type { Path } from '../../model/issue.ts';
import { chained, chainedUpHook, chainedWidgetV1, gap, personV1V2 } from '../../testdata/fixtures.ts';
import { CORPUS, builtinAvailable, builtinCatalog, corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { crmPersonHooks } from '../../../catalogs/crm-person/hooks.ts';
import { describeCorpus } from '../../testdata/corpusSuite.ts';

const at = (doc: unknown, p: Path): unknown => {
  let v = doc;
  for (const s of p) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
};
const dotted = (p: Path | undefined): string => (p ?? []).join('.');
const fateTo = (r: ConversionResult, target: string): Fate | undefined =>
  r.fates.find((f) => dotted(f.targetPath) === target);
const fatesFrom = (r: ConversionResult, source: string): Fate[] =>
  r.fates.filter((f) => dotted(f.sourcePath) === source);

/** Every sourcePath is a value of the input; every targetPath (but required-missing's) a value of the output. */
function expectPathsResolve(input: unknown, r: ConversionResult): void {
  const bad: string[] = [];
  for (const f of r.fates) {
    if (f.sourcePath && at(input, f.sourcePath) === undefined) bad.push(`source ${f.kind} ${dotted(f.sourcePath)}`);
    if (f.targetPath && f.kind !== 'required-missing' && at(r.output, f.targetPath) === undefined)
      bad.push(`target ${f.kind} ${dotted(f.targetPath)}`);
  }
  expect(bad).toEqual([]);
}

/** Leaves of the input no fate's sourcePath covers (apiVersion, kind and originalVersion are rewritten). */
function uncovered(input: unknown, r: ConversionResult): string[] {
  const leaves: Path[] = [];
  const walk = (v: unknown, p: (string | number)[]): void => {
    if (v !== null && typeof v === 'object') {
      for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) walk(x, [...p, k]);
    } else if (v !== null && v !== undefined) leaves.push(p);
  };
  walk(input, []);
  const sources = r.fates.flatMap((f) => (f.sourcePath ? [f.sourcePath] : []));
  return leaves
    .filter((l) => !['apiVersion', 'kind'].includes(String(l[0])) && dotted(l) !== 'spec.originalVersion')
    .filter((l) => !sources.some((s) => s.length <= l.length && s.every((x, i) => x === l[i])))
    .map(dotted);
}

const crmAvailable = builtinAvailable('crm-person');
const crm = (): Catalog => builtinCatalog('crm-person');
const ada = {
  apiVersion: 'crm.example.com/2011-01-01',
  kind: 'Person',
  metadata: { name: 'ada' },
  spec: { id: 'x', firstName: 'Ada', lastName: 'Lovelace' },
};

describe.skipIf(!crmAvailable)('convertResource: fields written by hand-written hooks have fates', () => {
  it('gives the CRM Person fields the hook derives (2011-01-01 -> hub) `converted` fates from the hook object', () => {
    const r = convertResource(crm(), ada, 'hub', { hooks: crmPersonHooks });
    for (const field of ['knownAs', 'familyName', 'legalName', 'sortKey']) {
      const f = fateTo(r, `spec.${field}`);
      expect(f?.kind).toBe('converted');
      expect(f?.sourcePath).toEqual(['spec']);
      expect(f?.causes).toEqual([
        {
          rule: 'hook-set',
          hop: { from: '2011-01-01', to: '2019-09-09storage' },
          hook: { type: 'PersonSpec', from: '2011-01-01', to: '2019-09-09storage' },
        },
      ]);
    }
    expectPathsResolve(ada, r);
  });

  it('turns the bag entries the hook took over from `bagged` into `converted` without a target', () => {
    const r = convertResource(crm(), ada, 'hub', { hooks: crmPersonHooks });
    expect((r.output as { spec: Record<string, unknown> }).spec.$propertyBag).toBeUndefined();
    for (const field of ['firstName', 'lastName']) {
      const [f, ...more] = fatesFrom(r, `spec.${field}`);
      expect(more).toEqual([]);
      expect(f?.kind).toBe('converted');
      expect(f?.targetPath).toBeUndefined();
      expect(f?.causes.map((c) => [c.rule, c.hook?.type])).toEqual([['hook-took-over', 'PersonSpec']]);
    }
    expect(r.fates.filter((f) => f.kind === 'bagged')).toEqual([]);
  });

  it('gives the legacy fields filled on the way back (hub -> 2011-01-01) fates and takes over the modern ones', () => {
    const hub = convertResource(crm(), ada, 'hub', { hooks: crmPersonHooks }).output;
    const r = convertResource(crm(), hub, '2011-01-01', { hooks: crmPersonHooks });
    expect((r.output as { spec: unknown }).spec).toEqual(ada.spec);
    expect(fateTo(r, 'spec.firstName')).toMatchObject({ kind: 'converted', sourcePath: ['spec'] });
    expect(fateTo(r, 'spec.lastName')).toMatchObject({ kind: 'converted', sourcePath: ['spec'] });
    expectPathsResolve(hub, r);
  });

  it('records in fast mode (fates: false) only the bag traffic of a hook, not its converted fields', () => {
    const r = convertResource(crm(), ada, 'hub', { hooks: crmPersonHooks, fates: false });
    expect(r.fates.map((f) => `${f.kind} ${dotted(f.sourcePath)} -> ${dotted(f.targetPath)}`)).toEqual([
      'converted spec.firstName -> ',
      'converted spec.lastName -> ',
    ]);
  });
});

describe('convertResource: hook diffs on a fixture', () => {
  const widgetHook = (): HookRegistry =>
    hookRegistry([
      chainedUpHook('WidgetSpec', (_s, d, ctx) => {
        d.newName = 'overridden';
        ctx.bag.pull('Legacy');
        ctx.bag.set('Hooked', 'yes');
      }),
    ]);
  const v1 = chainedWidgetV1();

  it('reports a field the hook replaced, a bag entry it removed and one it added', () => {
    const r = convertResource(chained(), v1, 'hub', { hooks: widgetHook(), strategy: 'chained' });
    const hook = { type: 'WidgetSpec', from: 'v2storage', to: 'v3storage' };
    expect(fateTo(r, 'spec.newName')).toMatchObject({
      kind: 'converted',
      sourcePath: ['spec'],
      targetPath: ['spec', 'newName'],
      causes: [{ rule: 'hook-set', hop: { from: 'v2storage', to: 'v3storage' }, hook }],
    });
    expect(fatesFrom(r, 'spec.oldName').map((f) => [f.kind, f.targetPath])).toEqual([['converted', undefined]]);
    // bagged on an earlier hop, then taken over by the hook
    expect(fatesFrom(r, 'spec.legacy').map((f) => [f.kind, f.targetPath, f.causes.map((c) => c.rule)])).toEqual([
      ['converted', undefined, ['bag-write', 'hook-took-over']],
    ]);
    expect(fatesFrom(r, 'spec.legacy')[0]?.causes.at(-1)?.hook).toEqual(hook);
    expect(fateTo(r, 'spec.$propertyBag.Hooked')).toMatchObject({ kind: 'bagged', sourcePath: ['spec'] });
    expectPathsResolve(v1, r);
    expect(uncovered(v1, r)).toEqual([]);
  });

  it('does not report a required field the hook filled as missing', () => {
    const hooks = hookRegistry([
      {
        kind: 'Person',
        from: 'v2',
        to: 'v2storage',
        type: 'PersonSpec',
        hook: {
          afterToHub() {},
          afterFromHub(_s, d) {
            d.postalAddress = { street: 's', city: 'c' };
          },
        },
      },
    ]);
    const doc = { apiVersion: 'example.com/v1', kind: 'Person', metadata: {}, spec: { name: 'Ann' } };
    const r = convertResource(personV1V2(), doc, 'v2', { hooks });
    expect(r.fates.filter((f) => f.kind === 'required-missing').map((f) => dotted(f.targetPath))).toEqual([
      'spec.residentialAddress',
    ]);
    expect(fateTo(r, 'spec.postalAddress')).toMatchObject({ kind: 'converted', sourcePath: ['spec'] });
  });
});

describe('convertResource: multi-hop fates speak about the input and the output', () => {
  const v1 = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: { legacy: 'L', oldName: 'o', colour: 'red', parts: [{ id: 'p' }], labels: { a: 'b' } },
    status: { ready: true },
  };

  for (const fates of [true, false]) {
    it(`keeps a rename made early in a chained path as \`renamed\` from the input path (fates: ${fates})`, () => {
      // v1 > v1storage > v2storage > v3storage > v2storage > v2: renamed on the 2nd hop, copied 3 more times
      const r = convertResource(chained(), v1, 'v2', { strategy: 'chained', fates });
      expect(r.path.length).toBeGreaterThan(3);
      expect(fatesFrom(r, 'spec.oldName')).toMatchObject([
        {
          kind: 'renamed',
          sourcePath: ['spec', 'oldName'],
          targetPath: ['spec', 'newName'],
          causes: [{ rule: 'rename', hop: { from: 'v1storage', to: 'v2storage' } }],
        },
      ]);
      // bagged at one hop, passed through, lost at the last: `lost` with the input path and both reasons
      const [lost, ...more] = fatesFrom(r, 'spec.legacy');
      expect(more).toEqual([]);
      expect(lost?.kind).toBe('lost');
      expect(lost?.targetPath).toBeUndefined();
      expect(lost?.causes.map((c) => c.rule)).toEqual(['bag-write', 'bag-dropped']);
      expect(lost?.causes.at(-1)?.hop).toEqual({ from: 'v2storage', to: 'v2' });
      expectPathsResolve(v1, r);
    });
  }

  it('reports a field bagged then carried through the hub as `bagged` from its input path', () => {
    const r = convertResource(chained(), v1, 'hub', { strategy: 'chained' });
    expect(fatesFrom(r, 'spec.legacy')).toMatchObject([
      { kind: 'bagged', targetPath: ['spec', '$propertyBag', 'Legacy'] },
    ]);
    expectPathsResolve(v1, r);
    expect(uncovered(v1, r)).toEqual([]);
  });

  it('keeps pruned fields at their input path after several hops', () => {
    const doc = { ...v1, spec: { ...v1.spec, bogus: { x: 1 } } };
    const r = convertResource(chained(), doc, 'v3', { strategy: 'chained' });
    expect(r.fates.filter((f) => f.kind === 'pruned').map((f) => dotted(f.sourcePath))).toEqual(['spec.bogus']);
  });

  it('maps a property reshaped across a version gap to the whole input value, not paths inside it', () => {
    // v1's Thing{a} is bagged at v2storage, restored (reshaped to v3's Thing{b}, `a` in its bag) and lost at v3
    const doc = { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: {}, spec: { name: 'n', thing: { a: 'x' } } };
    const r = convertResource(gap(), doc, 'v3', { strategy: 'chained' });
    expect(fatesFrom(r, 'spec.thing').map((f) => f.kind)).toEqual(['lost']);
    expectPathsResolve(doc, r);
    expect(uncovered(doc, r)).toEqual([]);
  });

  it.skipIf(!crmAvailable)(
    'gives the CRM Person fields a hook made on the way (2011-01-01 -> hub -> 2016-06-06) the input path',
    () => {
      for (const strategy of ['direct', 'chained'] as const) {
        const r = convertResource(crm(), ada, '2016-06-06', { hooks: crmPersonHooks, strategy });
        for (const field of ['knownAs', 'familyName', 'legalName', 'sortKey'])
          expect(fateTo(r, `spec.${field}`)).toMatchObject({ kind: 'converted', sourcePath: ['spec'] });
        expect(r.fates.some((f) => dotted(f.sourcePath) === 'spec.originalVersion')).toBe(false);
        expectPathsResolve(ada, r);
        expect(uncovered(ada, r)).toEqual([]);
      }
    },
  );

  it('holds for generated instances of every version pair of the fixtures and CRM Person, both strategies', () => {
    const cases: [Catalog, ConvertOptions['hooks']][] = [
      [chained(), undefined],
      [gap(), undefined],
      ...(crmAvailable ? [[crm(), crmPersonHooks] as [Catalog, HookRegistry]] : []),
    ];
    for (const [cat, hooks] of cases) {
      for (const kind of cat.kinds) {
        const versions = kind.versions.filter((v) => v.role === 'api' || v.name === kind.hub);
        for (const from of versions) {
          const docs = fc.sample(arbitraryInstance(cat, kind, from.name, { maxDepth: 3, maxItems: 2 }), {
            numRuns: 4,
            seed: 20261122,
          });
          for (const doc of docs)
            for (const to of versions)
              for (const strategy of ['direct', 'chained'] as const)
                for (const fates of [true, false]) {
                  const r = convertResource(cat, doc, to.name, { strategy, fates, ...(hooks ? { hooks } : {}) });
                  expectPathsResolve(doc, r);
                  if (fates) expect(uncovered(doc, r), `${from.name} -> ${to.name} ${strategy}`).toEqual([]);
                }
        }
      }
    }
  });
});

const capi = corpusUnits().find((u) => u.id === 'cluster-api');

describeCorpus('convertResource: multi-hop fates on a corpus kind (cluster-api Cluster)', () => {
  const sample = (): Record<string, unknown> => {
    const file = path.join(CORPUS, 'cluster-api/samples/v0.3.25/machine-pool.yaml');
    const docs = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as Record<string, unknown>);
    const doc = docs.find((d) => d.kind === 'Cluster');
    if (!doc) throw new Error('no Cluster in the sample');
    return doc;
  };

  it('converts v1alpha3 to v1beta1 through the hub with fates from the input to the output', () => {
    const cat = importDir(capi?.dir ?? '', 'cluster-api').catalog;
    const doc = sample();
    expect(doc.apiVersion).toBe('cluster.x-k8s.io/v1alpha3');
    for (const strategy of ['direct', 'chained'] as const) {
      const r = convertResource(cat, doc, 'v1beta1', { strategy });
      expect(r.path.length).toBeGreaterThanOrEqual(3);
      expect(r.path.at(-1)).toBe('v1beta1');
      expectPathsResolve(doc, r);
      expect(uncovered(doc, r)).toEqual([]);
      expect(r.fates.some((f) => f.sourcePath?.includes('$propertyBag'))).toBe(false);
      // kept in the hub's bag (v1beta2 has no such field) and restored at v1beta1: a copy end to end
      const f = fatesFrom(r, 'spec.controlPlaneRef.apiVersion');
      expect(f).toMatchObject([
        {
          kind: 'copied',
          sourcePath: ['spec', 'controlPlaneRef', 'apiVersion'],
          targetPath: ['spec', 'controlPlaneRef', 'apiVersion'],
        },
      ]);
      const causes = f[0]?.causes ?? [];
      expect(causes[0]?.rule).toBe('bag-write');
      // restored on the way down from the hub
      expect(causes.at(-1)).toMatchObject({ rule: 'bag-read', hop: { from: 'v1beta2storage' } });
    }
  });
});
