// The built-in catalogs (src/catalogs/<id>/source through the real importers): golden plans for the seed
// examples, their hooks, and the round-trip law on generated instances (>= 1,000 per version).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Catalog, Plan } from '../index.ts';
import { planConversion } from '../plan/planConversion.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import { roundTrip } from '../analyse/roundTrip.ts';
import { versionedSpec } from '../analyse/versionedSpec.ts';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { BUILTIN_IDS, builtinAvailable, builtinCatalog } from '../testdata/loadCatalogs.ts';
import { issuePaths } from '../testdata/issuePaths.ts';
import { hooksFor } from '../../catalogs/hooks.ts';

const cache = new Map<string, Catalog>();
const cat = (id: string): Catalog => {
  let c = cache.get(id);
  if (!c) cache.set(id, (c = builtinCatalog(id)));
  return c;
};

const table = (plan: Plan | undefined, type: string) =>
  (plan?.hops[0]?.types.find((t) => t.sourceType === type)?.steps ?? []).map(
    (s) =>
      `${s.destination ?? s.source} | ${s.sourceType ?? ''} | ${s.destinationType ?? ''} | ${s.change} | ${s.handler}`,
  );

describe.skipIf(!builtinAvailable('servicefabric'))('servicefabric (seed 001)', () => {
  it('plans ClusterProperties from 2016-03-01 to the hub exactly as seed 001 table', async () => {
    const { plan } = planConversion(cat('servicefabric'), 'Cluster', '2016-03-01', 'hub', {
      type: 'ClusterProperties',
    });
    const rows = table(plan, 'ClusterProperties');
    expect(rows).toEqual([
      'azureActiveDirectory | *AzureActiveDirectory | *AzureActiveDirectory | none | copy',
      'certificate | *CertificateDescription | *CertificateDescription | none | copy',
      'clientCertificateCommonNames | *[]ClientCertificateCommonName | *[]ClientCertificateCommonName | none | copy',
      'clientCertificateThumbprints | *[]ClientCertificateThumbprint | *[]ClientCertificateThumbprint | none | copy',
      'clusterCodeVersion |  | *string | new | skip',
      'diagnosticsStorageAccountConfig | *DiagnosticsStorageAccountConfig | *DiagnosticsStorageAccountConfig | none | copy',
      'fabricSettings | *[]SettingsSectionDescription | *[]SettingsSectionDescription | none | copy',
      'httpApplicationGatewayCertificate | *CertificateDescription |  | removed | property-bag',
      'managementEndpoint | string | string | none | copy',
      'nodeTypes | []NodeTypes | []NodeTypeDescription | type-changed | property-bag',
      'reliabilityLevel | *Level | *ClusterPropertiesReliabilityLevel | type-changed | property-bag',
      'reverseProxyCertificate |  | *CertificateDescription | new | skip',
      'upgradeDescription | *PaasClusterUpgradePolicy | *ClusterUpgradePolicy | type-changed | property-bag',
      'upgradeMode |  | *ClusterPropertiesUpgradeMode | new | skip',
      'vmImage | *string | *string | none | copy',
    ]);
    await expect(`${JSON.stringify(plan, null, 2)}\n`).toMatchFileSnapshot(
      '../testdata/servicefabric-2016-03-01-to-hub.plan.json',
    );
  });

  it('round-trips with the four type-changed/removed properties in the hub bag', () => {
    const c = cat('servicefabric');
    const kind = c.kinds[0]!;
    const doc = fc.sample(arbitraryInstance(c, kind, '2016-03-01'), { numRuns: 1, seed: 7 })[0]!;
    const spec = doc.spec as Record<string, unknown>;
    spec.properties = {
      ...(spec.properties as object),
      managementEndpoint: 'https://m',
      nodeTypes: [
        { name: 'n', clientConnectionEndpointPort: 1, httpGatewayEndpointPort: 2, isPrimary: true, vmInstanceCount: 1 },
      ],
      reliabilityLevel: 'Silver',
      upgradeDescription: {
        upgradeReplicaSetCheckTimeout: '1',
        healthCheckWaitDuration: '1',
        healthCheckStableDuration: '1',
        healthCheckRetryTimeout: '1',
        upgradeTimeout: '1',
        upgradeDomainTimeout: '1',
        healthPolicy: { maxPercentUnhealthyNodes: 1, maxPercentUnhealthyApplications: 1 },
      },
      httpApplicationGatewayCertificate: { thumbprint: 't', x509StoreName: 'My' },
    };
    const hub = convertResource(c, doc, 'hub');
    const bag = (hub.output as { spec: { properties: { $propertyBag: object } } }).spec.properties.$propertyBag;
    expect(Object.keys(bag)).toEqual([
      'HttpApplicationGatewayCertificate',
      'NodeTypes',
      'ReliabilityLevel',
      'UpgradeDescription',
    ]);
    expect(roundTrip(c, doc).ok).toBe(true);
  });
});

describe.skipIf(!builtinAvailable('person-v1v2'))('person-v1v2 (seed 000/004)', () => {
  it('v1 -> v2 reports REQUIRED_MISSING for both addresses; versionedSpec of the hub gives the v1 spec back', () => {
    const c = cat('person-v1v2');
    const kind = c.kinds[0]!;
    const v1 = fc.sample(arbitraryInstance(c, kind, 'v1'), { numRuns: 1, seed: 1 })[0]!;
    const r = convertResource(c, v1, 'v2');
    expect(issuePaths(r.issues, 'REQUIRED_MISSING')).toEqual(['spec.postalAddress', 'spec.residentialAddress']);
    const hub = convertResource(c, v1, 'hub').output;
    expect((hub as { spec: { originalVersion: string } }).spec.originalVersion).toBe('v1');
    expect(versionedSpec(c, hub).spec).toEqual(v1.spec);
  });
});

describe.skipIf(!builtinAvailable('crm-person'))('crm-person (seed 003) with its hooks', () => {
  const hooks = hooksFor('crm-person');
  it('2011-01-01 -> hub fills KnownAs/FamilyName/LegalName/SortKey and leaves no bag when derivable', () => {
    const c = cat('crm-person');
    const doc = {
      apiVersion: `${c.kinds[0]!.group}/2011-01-01`,
      kind: 'Person',
      metadata: { name: 'p' },
      spec: { id: 'x', firstName: 'Ann', lastName: 'Lee' },
    };
    const r = convertResource(c, doc, 'hub', { hooks });
    const spec = (r.output as { spec: Record<string, unknown> }).spec;
    expect(spec).toMatchObject({ knownAs: 'Ann', familyName: 'Lee', legalName: 'Ann Lee', sortKey: 'Lee' });
    expect(spec.$propertyBag).toBeUndefined();
    const back = convertResource(c, r.output, '2011-01-01', { hooks });
    expect(back.output).toEqual(doc);
    const at2015 = convertResource(c, r.output, '2015-05-05', { hooks }).output as { spec: Record<string, unknown> };
    expect(at2015.spec).toMatchObject({ knownAs: 'Ann', familyName: 'Lee', legalName: 'Ann Lee', sortKey: 'Lee' });
  });

  it('keeps the originals in the bag when the names do not derive back exactly', () => {
    const c = cat('crm-person');
    const doc = {
      apiVersion: `${c.kinds[0]!.group}/2013-03-03`,
      kind: 'Person',
      metadata: { name: 'p' },
      spec: { id: 'x', firstName: 'A B', middleName: '', lastName: 'C' },
    };
    const r = convertResource(c, doc, 'hub', { hooks });
    expect((r.output as { spec: Record<string, unknown> }).spec.$propertyBag).toEqual({ MiddleName: '' });
    expect(convertResource(c, r.output, '2013-03-03', { hooks }).output).toEqual(doc);
  });
});

describe.skipIf(!builtinAvailable('crm-person'))('crm-person golden plans (seed 003)', () => {
  const cases: [string, string, string | undefined][] = [
    ['2011-01-01', 'hub', undefined],
    ['2014-04-04preview', 'hub', undefined],
    ['2014-04-04', 'hub', undefined],
    ['2016-06-06', 'hub', undefined],
    ['hub', '2011-01-01', undefined],
    ['2013-03-03', 'hub', 'chained'],
  ];
  for (const [from, to, strategy] of cases) {
    it(`pins the plan ${from} -> ${to}${strategy ? ` (${strategy})` : ''}`, async () => {
      const { plan } = planConversion(cat('crm-person'), 'Person', from, to, {
        hooks: hooksFor('crm-person'),
        ...(strategy ? { strategy: strategy as 'chained' } : {}),
      });
      await expect(`${JSON.stringify(plan, null, 2)}\n`).toMatchFileSnapshot(
        `../testdata/crm-person-${from}-to-${to}${strategy ? `-${strategy}` : ''}.plan.json`,
      );
    });
  }

  it('pairs the configured renames and the Address -> Location type rename', () => {
    const c = cat('crm-person');
    const p14 = planConversion(c, 'Person', '2014-04-04', 'hub').plan;
    const all14 = p14?.hops.flatMap((h) => h.types.flatMap((t) => t.steps)) ?? [];
    expect(all14.find((s) => s.source === 'alphaKey')).toMatchObject({ destination: 'sortKey', handler: 'rename' });
    const pre = planConversion(c, 'Person', '2014-04-04preview', 'hub').plan;
    expect(
      pre?.hops.flatMap((h) => h.types.flatMap((t) => t.steps)).find((s) => s.source === 'fullName'),
    ).toMatchObject({ destination: 'legalName', handler: 'rename' });
    const p16 = planConversion(c, 'Person', '2016-06-06', 'hub').plan;
    const mailing = p16?.hops
      .flatMap((h) => h.types.flatMap((t) => t.steps))
      .find((s) => s.source === 'mailingAddress');
    expect(mailing).toMatchObject({
      handler: 'convert-nested',
      nested: { sourceType: 'Address', destinationType: 'Location' },
    });
  });
});

describe.skipIf(!builtinAvailable('crm-person'))(
  'crm-person chained: hub -> every older storage version -> hub is lossless (with hooks)',
  () => {
    it('for generated hub documents', () => {
      const c = cat('crm-person');
      const kind = c.kinds[0]!;
      const hooks = hooksFor('crm-person');
      const storages = kind.versions.filter((v) => v.role === 'storage' && v.name !== kind.hub);
      fc.assert(
        fc.property(arbitraryInstance(c, kind, kind.hub), (hub) => {
          for (const v of storages) {
            const r = roundTrip(c, hub, { strategy: 'chained', hooks, via: v.name });
            if (!r.ok) throw new Error(`${v.name}: ${JSON.stringify(r.issues.slice(0, 3))}`);
          }
        }),
        { numRuns: 300, seed: 3 },
      );
    });

    it('hub -> an older API version reports exactly the newer-only fields as lost', () => {
      const c = cat('crm-person');
      const hub = convertResource(
        c,
        {
          apiVersion: 'crm.example.com/2019-09-09',
          kind: 'Person',
          metadata: { name: 'p' },
          spec: {
            id: 'i',
            knownAs: 'A',
            familyName: 'B',
            legalName: 'A B',
            sortKey: 'B',
            mailingAddress: { city: 'C', lattitude: 1 },
          },
        },
        'hub',
      ).output;
      const r = convertResource(c, hub, '2015-05-05', { strategy: 'chained' });
      expect(r.fates.filter((f) => f.kind === 'lost').map((f) => f.sourcePath?.join('.'))).toEqual([
        'spec.mailingAddress',
      ]);
    });
  },
);

describe('built-in catalogs: every version round-trips through the hub (1,000 generated instances each)', () => {
  for (const id of BUILTIN_IDS) {
    describe.skipIf(!builtinAvailable(id))(id, () => {
      if (!builtinAvailable(id)) return;
      const c = cat(id);
      const hooks = hooksFor(id);
      for (const kind of c.kinds) {
        for (const strategy of ['direct', 'chained'] as const) {
          for (const v of kind.versions) {
            it(`${kind.kind} ${v.name} (${strategy})`, () => {
              fc.assert(
                fc.property(arbitraryInstance(c, kind, v.name), (doc) => {
                  const r = roundTrip(c, doc, { strategy, hooks });
                  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
                }),
                { numRuns: strategy === kind.strategy ? 1000 : 200, seed: 42 },
              );
            });
          }
        }
      }
    });
  }
});
