import { describe, expect, it } from 'vitest';
import type { Kind, Version } from '../model/model.ts';
import { EMPTY_CONFIG } from '../model/model.ts';
import { buildKind, conversionPath, hubChoices, pathToHub, withHub } from './buildKind.ts';
import { deriveStorageVariant } from './storageVariant.ts';

const api = (name: string, storage = false): Version => ({
  name,
  role: 'api',
  twin: `${name}storage`,
  served: true,
  crdStorage: storage,
  deprecated: false,
  root: 'Thing',
  types: { Thing: { name: 'Thing', named: false, hasPropertyBag: false, properties: [] } },
});

const withVariants = (...vs: Version[]): Version[] => vs.flatMap((v) => [v, deriveStorageVariant(v)]);

const build = (
  versions: Version[],
  extra: Partial<Parameters<typeof buildKind>[0]> = {},
  config = EMPTY_CONFIG,
): Kind => {
  const { kind, issues } = buildKind({ group: 'g.example.com', kind: 'Thing', versions, ...extra }, config);
  expect(issues).toEqual([]);
  if (!kind) throw new Error('no kind');
  return kind;
};

const edgeMap = (k: Kind, s: 'direct' | 'chained') =>
  Object.fromEntries((k.graphs[s]?.edges ?? []).map((e) => [e.from, e.to]));

describe('buildKind hub selection', () => {
  it('picks the storage variant of the newest GA version and notes a differing CRD storage version', () => {
    const k = build(withVariants(api('v1'), api('v1beta2', true), api('v1beta1'), api('v2alpha1')));
    expect(k.hub).toBe('v1storage');
    expect(k.hubReason).toBe('newest-ga');
    expect(k.crdStorageVersion).toBe('v1beta2');
    expect(k.versions.map((v) => v.name)).toEqual([
      'v2alpha1',
      'v2alpha1storage',
      'v1beta1',
      'v1beta1storage',
      'v1beta2',
      'v1beta2storage',
      'v1',
      'v1storage',
    ]);
  });

  it('omits crdStorageVersion when the CRD stores the hub twin', () => {
    expect(build(withVariants(api('v1', true), api('v1beta1'))).crdStorageVersion).toBeUndefined();
  });

  it('picks the newest version when all are pre-release', () => {
    const k = build(withVariants(api('v1alpha1'), api('v1beta1')));
    expect([k.hub, k.hubReason]).toEqual(['v1beta1storage', 'newest']);
  });

  it('lets the config choose the hub (by API or storage name)', () => {
    const config = { ...EMPTY_CONFIG, hub: [{ version: 'v1beta1' }] };
    const k = build(withVariants(api('v1'), api('v1beta1')), {}, config);
    expect([k.hub, k.hubReason]).toEqual(['v1beta1storage', 'config']);
  });

  it('warns and falls back when the configured hub is unknown', () => {
    const { kind, issues } = buildKind(
      { group: 'g', kind: 'Thing', versions: withVariants(api('v1')) },
      { ...EMPTY_CONFIG, hub: [{ version: 'v9' }] },
    );
    expect(issues.map((i) => i.code)).toEqual(['INVALID_CONFIG']);
    expect(kind?.hub).toBe('v1storage');
  });

  it("uses an ASO-style CRD's storage: true version and defaults to chained", () => {
    const v1 = api('v1api20181130');
    const v2 = api('v1api20230131');
    const s1 = { ...deriveStorageVariant(v1), derived: false };
    const s2 = { ...deriveStorageVariant(v2), derived: false, crdStorage: true };
    const k = build([v1, s1, v2, s2], { aso: true });
    expect([k.hub, k.hubReason, k.strategy, k.crdStorageVersion]).toEqual([
      'v1api20230131storage',
      'aso-storage',
      'chained',
      undefined,
    ]);
  });
});

describe('buildKind graphs', () => {
  it('builds a direct star with one edge per non-hub version', () => {
    const k = build(withVariants(api('v1'), api('v1beta1')));
    expect(k.strategy).toBe('direct');
    expect(edgeMap(k, 'direct')).toEqual({ v1beta1: 'v1storage', v1beta1storage: 'v1storage', v1: 'v1storage' });
  });

  it('builds the ASO chain: previews back, GA forward, the last GA is the hub (GA1, P2, GA3, P4)', () => {
    const k = build(
      withVariants(api('2011-01-01'), api('2012-02-02preview'), api('2013-03-03'), api('2014-04-04preview')),
    );
    expect(k.hub).toBe('2013-03-03storage');
    expect(edgeMap(k, 'chained')).toEqual({
      '2011-01-01': '2011-01-01storage',
      '2011-01-01storage': '2013-03-03storage',
      '2012-02-02preview': '2012-02-02previewstorage',
      '2012-02-02previewstorage': '2011-01-01storage',
      '2013-03-03': '2013-03-03storage',
      '2014-04-04preview': '2014-04-04previewstorage',
      '2014-04-04previewstorage': '2013-03-03storage',
    });
    expect(pathToHub(k, '2012-02-02preview', 'chained')).toEqual([
      '2012-02-02preview',
      '2012-02-02previewstorage',
      '2011-01-01storage',
      '2013-03-03storage',
    ]);
  });

  it('chains Kubernetes alpha/beta storage versions forward on the main line', () => {
    const k = build(withVariants(api('v1alpha1'), api('v1beta1'), api('v1beta2'), api('v1')));
    expect(k.graphs.chained?.edges.filter((e) => e.from.endsWith('storage'))).toEqual([
      { from: 'v1alpha1storage', to: 'v1beta1storage' },
      { from: 'v1beta1storage', to: 'v1beta2storage' },
      { from: 'v1beta2storage', to: 'v1storage' },
    ]);
  });

  it('reaches the hub from every version in both graphs, even with a configured old hub', () => {
    const config = { ...EMPTY_CONFIG, hub: [{ version: 'v1alpha1' }] };
    const k = build(withVariants(api('v1alpha1'), api('v1alpha2'), api('v1beta1'), api('v1'), api('v2')), {}, config);
    for (const s of ['direct', 'chained'] as const)
      for (const v of k.versions) expect(pathToHub(k, v.name, s).at(-1)).toBe('v1alpha1storage');
  });

  it('converts between two versions through the hub, never shortcutting', () => {
    const k = build(
      withVariants(api('2011-01-01'), api('2012-02-02'), api('2013-03-03')),
      {},
      { ...EMPTY_CONFIG, strategy: 'chained' },
    );
    expect(k.strategy).toBe('chained');
    expect(conversionPath(k, '2011-01-01', '2012-02-02')).toEqual([
      '2011-01-01',
      '2011-01-01storage',
      '2012-02-02storage',
      '2013-03-03storage',
      '2012-02-02storage',
      '2012-02-02',
    ]);
    expect(conversionPath(k, '2011-01-01', '2012-02-02', 'direct')).toEqual([
      '2011-01-01',
      '2013-03-03storage',
      '2012-02-02',
    ]);
    expect(conversionPath(k, '2013-03-03', '2013-03-03')).toEqual(['2013-03-03']);
    expect(conversionPath(k, 'nope', '2013-03-03')).toEqual([]);
  });
});

describe('withHub: the user picks another hub', () => {
  const k = build(withVariants(api('v1'), api('v1beta2', true), api('v1beta1'), api('v2alpha1')));

  it('offers the default hub and the CRD storage version, and switches to the latter', () => {
    expect(hubChoices(k)).toEqual([
      { hub: 'v1storage', reason: 'newest-ga' },
      { hub: 'v1beta2storage', reason: 'crd-storage' },
    ]);
    const alt = withHub(k, 'v1beta2');
    expect(alt).toMatchObject({ hub: 'v1beta2storage', hubReason: 'config' });
    expect(alt?.crdStorageVersion).toBeUndefined();
    expect(withHub(k, 'v1beta2storage')?.hub).toBe('v1beta2storage');
    // Every version reaches the new hub in both graphs; the old hub is a spoke now.
    for (const s of ['direct', 'chained'] as const)
      for (const v of k.versions) {
        const path = alt ? pathToHub(alt, v.name, s) : [];
        expect(path.at(-1)).toBe('v1beta2storage');
      }
    expect(alt ? conversionPath(alt, 'v1', 'v1beta1', 'direct') : []).toEqual(['v1', 'v1beta2storage', 'v1beta1']);
  });

  it('keeps the kind as it is for its own hub and refuses versions it does not have', () => {
    expect(withHub(k, 'v1')).toBe(k);
    expect(withHub(k, 'v9')).toBeUndefined();
    // An API version without a storage variant cannot be a hub.
    const bare = build([api('v1'), ...withVariants(api('v2'))]);
    expect(withHub(bare, 'v1')).toBeUndefined();
    expect(hubChoices(build(withVariants(api('v1', true))))).toEqual([{ hub: 'v1storage', reason: 'newest-ga' }]);
  });
});
