// The built-in catalog sources import cleanly and have the shapes the seeds describe.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind, Version } from '../core/index.ts';
import { storageName } from '../core/index.ts';
import { importFiles } from '../importers/index.ts';

const load = (id: string) => {
  const dir = path.join(import.meta.dirname, id, 'source');
  const files = readdirSync(dir).map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
  return importFiles(files, { id });
};
const only = (kinds: readonly Kind[]): Kind => kinds[0] as Kind;
const version = (k: Kind, name: string): Version => k.versions.find((v) => v.name === name) as Version;
const props = (v: Version, t: string) => Object.fromEntries((v.types[t]?.properties ?? []).map((p) => [p.name, p]));

describe('servicefabric', () => {
  const { catalog, issues } = load('servicefabric');
  const k = only(catalog.kinds);

  it('imports Cluster at 2016-03-01 and 2016-09-01 with hub 2016-09-01storage', () => {
    expect(issues).toEqual([]);
    expect([k.group, k.kind, k.hub, k.hubReason]).toEqual([
      'servicefabric.azure.com',
      'Cluster',
      '2016-09-01storage',
      'newest-ga',
    ]);
    expect(version(k, '2016-09-01').types.ClusterSpec?.properties.map((p) => p.name)).toEqual([
      'location',
      'properties',
      'tags',
    ]);
  });

  it("gives ClusterProperties seed 001's 15 rows between 2016-03-01 and the hub", () => {
    const from = props(version(k, '2016-03-01'), 'ClusterProperties');
    const hub = props(version(k, '2016-09-01storage'), 'ClusterProperties');
    const rows = [...new Set([...Object.keys(from), ...Object.keys(hub)])].sort();
    expect(rows).toHaveLength(15);
    expect(rows.filter((r) => !(r in hub))).toEqual(['httpApplicationGatewayCertificate']);
    expect(rows.filter((r) => !(r in from))).toEqual(['clusterCodeVersion', 'reverseProxyCertificate', 'upgradeMode']);
    const name = (t: unknown): string | undefined => {
      const x = t as { kind: string; name?: string; items?: unknown };
      return x.kind === 'array' ? `[]${name(x.items)}` : x.name;
    };
    const changed = rows.filter(
      (r) => r in from && r in hub && JSON.stringify(from[r]?.type) !== JSON.stringify(hub[r]?.type),
    );
    // reliabilityLevel: enum Level vs ClusterPropertiesReliabilityLevel in the API versions (the hub erases enums).
    expect(changed).toEqual(['nodeTypes', 'reliabilityLevel', 'upgradeDescription']);
    expect([name(from.nodeTypes?.type), name(hub.nodeTypes?.type)]).toEqual(['[]NodeTypes', '[]NodeTypeDescription']);
    expect(name(from.reliabilityLevel?.type)).toBe('Level');
    expect(name(props(version(k, '2016-09-01'), 'ClusterProperties').reliabilityLevel?.type)).toBe(
      'ClusterPropertiesReliabilityLevel',
    );
    expect([name(from.upgradeDescription?.type), name(hub.upgradeDescription?.type)]).toEqual([
      'PaasClusterUpgradePolicy',
      'ClusterUpgradePolicy',
    ]);
  });
});

describe('crm-person', () => {
  const { catalog, issues } = load('crm-person');
  const k = only(catalog.kinds);
  const apis = [
    '2011-01-01',
    '2012-02-02',
    '2013-03-03',
    '2014-04-04preview',
    '2014-04-04',
    '2015-05-05',
    '2016-06-06',
    '2017-07-07',
    '2018-08-08',
    '2019-09-09',
  ];

  it('imports Person at every seed 003 version, hub 2019-09-09storage', () => {
    expect(issues).toEqual([]);
    expect([k.group, k.kind, k.hub]).toEqual(['crm.example.com', 'Person', '2019-09-09storage']);
    expect(k.versions.filter((v) => v.role === 'api').map((v) => v.name)).toEqual(apis);
    expect(k.versions.filter((v) => v.role === 'storage').map((v) => v.name)).toEqual(apis.map(storageName));
  });

  it('follows the seed: renames, optionality, nested Address then Location', () => {
    const spec = (v: string) => props(version(k, v), 'PersonSpec');
    expect(Object.keys(spec('2014-04-04preview'))).toEqual(['familyName', 'fullName', 'id', 'knownAs']);
    expect(spec('2014-04-04').alphaKey?.bagKey).toBe('AlphaKey');
    expect(spec('2015-05-05').sortKey).toBeDefined();
    expect(spec('2016-06-06').mailingAddress?.required).toBe(true);
    expect(spec('2017-07-07').mailingAddress?.required).toBe(false);
    expect(Object.keys(props(version(k, '2018-08-08'), 'Address'))).toEqual([
      'city',
      'country',
      'fullAddress',
      'postCode',
    ]);
    expect(spec('2019-09-09').mailingAddress?.type).toEqual({ kind: 'object', name: 'Location' });
    expect(spec('2011-01-01').id?.validation).toEqual({ format: 'uuid' });
    expect(catalog.config.renames.map((r) => `${r.type}.${r.from}->${r.to}`)).toEqual([
      'PersonSpec.FullName->LegalName',
      'PersonSpec.AlphaKey->SortKey',
    ]);
    expect(catalog.config.typeRenames.map((r) => `${r.from}->${r.to}`)).toEqual(['Address->Location']);
  });
});

describe('person-v1v2', () => {
  const { catalog, issues } = load('person-v1v2');
  const k = only(catalog.kinds);

  it('has v2 require postalAddress and residentialAddress of the named type Address', () => {
    expect(issues).toEqual([]);
    expect([k.group, k.kind, k.hub]).toEqual(['crm.example.com', 'Person', 'v2storage']);
    const v2 = props(version(k, 'v2'), 'PersonSpec');
    expect([v2.postalAddress?.required, v2.residentialAddress?.required]).toEqual([true, true]);
    expect(v2.postalAddress?.type).toEqual({ kind: 'object', name: 'Address' });
    expect(version(k, 'v2').types.Address?.named).toBe(true);
    expect(props(version(k, 'v1'), 'PersonSpec').postalAddress).toBeUndefined();
  });
});
