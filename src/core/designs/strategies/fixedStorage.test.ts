import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiVersion, enm, I, makeKind, obj, S, type } from '../../testdata/fixtures.ts';
import { builtinCatalog } from '../../testdata/loadCatalogs.ts';
import type { Kind, Version } from '../../model/model.ts';
import { buildFixedStorage, collisionSuffix, locateFields, topmost } from './fixedStorage.ts';
import { fieldKey, versionFields } from './fieldTree.ts';
import { newestGa, releases, splitAtHorizon } from './horizon.ts';

const apis = (k: Kind): Version[] => k.versions.filter((v) => v.role === 'api');
const paths = (s: ReturnType<typeof buildFixedStorage>) =>
  s.properties.filter((p) => !p.container).map((p) => fieldKey(p.path));

describe('buildFixedStorage', () => {
  const kind = makeKind('example.com', 'Widget', [
    apiVersion('v1', 'Widget', 'WidgetSpec', [
      type('WidgetSpec', { size: I, colour: S, where: obj('Address') }),
      type('Address', { street: S }),
    ]),
    apiVersion('v2', 'Widget', 'WidgetSpec', [
      type('WidgetSpec', { 'size!': S, colour: enm(['Red']), where: obj('Location') }),
      type('Location', { lat: I }),
    ]),
  ]);

  it('keeps every property of every version, optional, and renames a newcomer whose type changed', () => {
    const s = buildFixedStorage(kind, apis(kind));
    expect(paths(s)).toEqual([
      'spec.colour',
      'spec.size',
      'spec.size_v2',
      'spec.where',
      'spec.where.street',
      'spec.where_v2',
      'spec.where_v2.lat',
    ]);
    const size2 = s.properties.find((p) => fieldKey(p.path) === 'spec.size_v2');
    expect(size2).toMatchObject({
      declaredName: 'size',
      collidesWith: ['spec', 'size'],
      versions: ['v2'],
      type: '*string',
    });
    // an enum is stored as its base type: no collision with the plain string of v1
    expect(s.properties.find((p) => fieldKey(p.path) === 'spec.colour')?.versions).toEqual(['v1', 'v2']);
  });

  it('marks properties only older versions use as obsolete (bloat)', () => {
    const s = buildFixedStorage(kind, apis(kind));
    expect(s.newestGa).toBe('v2');
    expect(topmost(s.properties.filter((p) => p.obsolete)).map((p) => fieldKey(p.path))).toEqual([
      'spec.size',
      'spec.where',
    ]);
  });

  it('merges inline (anonymous) object types by structure', () => {
    const k = makeKind('example.com', 'Thing', [
      apiVersion('v1', 'Thing', 'ThingSpec', [
        type('ThingSpec', { a: obj('ThingSpecA') }),
        type('ThingSpecA', { x: S }, { named: false }),
      ]),
      apiVersion('v2', 'Thing', 'ThingSpec', [
        type('ThingSpec', { a: obj('ThingSpecA2') }),
        type('ThingSpecA2', { y: S }, { named: false }),
      ]),
    ]);
    expect(paths(buildFixedStorage(k, apis(k)))).toEqual(['spec.a', 'spec.a.x', 'spec.a.y']);
  });

  it('locates a version inside the superset, and nothing of a field the superset never saw', () => {
    const [v1, v2] = apis(kind) as [Version, Version];
    const onlyV2 = buildFixedStorage(kind, [v2]);
    const fields = versionFields(kind, v1);
    const routes = locateFields(kind, onlyV2, v1);
    const missing = fields.filter((_, i) => routes[i] === undefined).map((f) => fieldKey(f.path));
    expect(missing).toEqual(['spec.size', 'spec.where', 'spec.where.street']);
  });

  it('never forgets a field of a version it was built from (any subset of the CRM history)', () => {
    const crm = builtinCatalog('crm-person').kinds[0] as Kind;
    const all = apis(crm);
    fc.assert(
      fc.property(fc.subarray(all, { minLength: 1 }), (versions) => {
        const s = buildFixedStorage(crm, versions);
        for (const v of versions) expect(locateFields(crm, s, v).every((r) => r !== undefined)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('horizon', () => {
  it('groups a preview with the GA of its date into one release', () => {
    expect(releases(['2013-03-03', '2014-04-04preview', '2014-04-04', '2015-05-05'])).toEqual([
      ['2013-03-03'],
      ['2014-04-04preview', '2014-04-04'],
      ['2015-05-05'],
    ]);
    expect(releases(['v1alpha1', 'v1beta1', 'v1'])).toEqual([['v1alpha1'], ['v1beta1'], ['v1']]);
  });

  it('keeps the newest N releases', () => {
    const vs = ['2013-03-03', '2014-04-04preview', '2014-04-04', '2015-05-05'];
    expect(splitAtHorizon(vs, 2)).toEqual({
      current: ['2014-04-04preview', '2014-04-04', '2015-05-05'],
      retired: ['2013-03-03'],
    });
    expect(splitAtHorizon(vs, undefined).retired).toEqual([]);
    expect(splitAtHorizon(vs, 99).retired).toEqual([]);
  });

  it('finds the newest GA version, or the newest when all are pre-release', () => {
    expect(newestGa(['v1', 'v2beta1'])).toBe('v1');
    expect(newestGa(['v1alpha1', 'v1beta1'])).toBe('v1beta1');
    expect(newestGa(['2014-04-04preview'])).toBe('2014-04-04preview');
  });

  it('suffixes a collision with the version as seed 003 does', () => {
    expect(collisionSuffix('2019-09-09')).toBe('v20190909');
    expect(collisionSuffix('v1beta2')).toBe('v1beta2');
  });
});
