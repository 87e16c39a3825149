import { describe, expect, it } from 'vitest';
import { planConversion } from './planConversion.ts';
import { displayType } from '../model/typeRef.ts';
import { chained, personV1V2, serviceFabric } from '../testdata/fixtures.ts';
import { hookRegistry } from './hooks.ts';

const rows = (
  types: readonly {
    sourceType: string;
    steps: readonly {
      source?: string;
      destination?: string;
      change: string;
      handler: string;
      sourceType?: string;
      destinationType?: string;
    }[];
  }[],
  name: string,
) =>
  (types.find((t) => t.sourceType === name)?.steps ?? []).map((s) => [
    s.destination ?? s.source,
    s.sourceType ?? '',
    s.destinationType ?? '',
    s.change,
    s.handler,
  ]);

describe('planConversion', () => {
  it('reproduces seed 001 ServiceFabric ClusterProperties table from 2016-03-01 to the hub', () => {
    const { plan, issues } = planConversion(serviceFabric(), 'Cluster', '2016-03-01', 'hub');
    expect(plan?.path).toEqual(['2016-03-01', '2016-09-01storage']);
    expect(rows(plan?.hops[0]?.types ?? [], 'ClusterProperties')).toEqual([
      ['azureActiveDirectory', '*AzureActiveDirectory', '*AzureActiveDirectory', 'none', 'copy'],
      ['certificate', '*CertificateDescription', '*CertificateDescription', 'none', 'copy'],
      [
        'clientCertificateCommonNames',
        '*[]ClientCertificateCommonName',
        '*[]ClientCertificateCommonName',
        'none',
        'copy',
      ],
      [
        'clientCertificateThumbprints',
        '*[]ClientCertificateThumbprint',
        '*[]ClientCertificateThumbprint',
        'none',
        'copy',
      ],
      ['clusterCodeVersion', '', '*string', 'new', 'skip'],
      [
        'diagnosticsStorageAccountConfig',
        '*DiagnosticsStorageAccountConfig',
        '*DiagnosticsStorageAccountConfig',
        'none',
        'copy',
      ],
      ['fabricSettings', '*[]SettingsSectionDescription', '*[]SettingsSectionDescription', 'none', 'copy'],
      ['httpApplicationGatewayCertificate', '*CertificateDescription', '', 'removed', 'property-bag'],
      ['managementEndpoint', 'string', 'string', 'none', 'copy'],
      ['nodeTypes', '[]NodeTypes', '[]NodeTypeDescription', 'type-changed', 'property-bag'],
      ['originalVersion', '', '*string', 'new', 'copy'],
      ['reliabilityLevel', '*Level', '*ClusterPropertiesReliabilityLevel', 'type-changed', 'property-bag'],
      ['reverseProxyCertificate', '', '*CertificateDescription', 'new', 'skip'],
      ['upgradeDescription', '*PaasClusterUpgradePolicy', '*ClusterUpgradePolicy', 'type-changed', 'property-bag'],
      ['upgradeMode', '', '*ClusterPropertiesUpgradeMode', 'new', 'skip'],
      ['vmImage', '*string', '*string', 'none', 'copy'],
    ]);
    expect(
      issues
        .filter((i) => i.code === 'NEEDS_HANDWRITTEN_CONVERSION')
        .map((i) => i.path[1])
        .sort(),
    ).toEqual(['nodeTypes', 'reliabilityLevel', 'upgradeDescription']);
  });

  it('lists the root first, then every reachable type pair alphabetically', () => {
    const { plan } = planConversion(serviceFabric(), 'Cluster', '2016-03-01', 'hub');
    expect(plan?.hops[0]?.types.map((t) => t.sourceType)).toEqual([
      'Cluster',
      'AzureActiveDirectory',
      'CertificateDescription',
      'ClientCertificateCommonName',
      'ClientCertificateThumbprint',
      'ClusterProperties',
      'DiagnosticsStorageAccountConfig',
      'SettingParameter',
      'SettingsSectionDescription',
    ]);
  });

  it('plans the way back from the hub with bag reads for the type-changed properties', () => {
    const { plan } = planConversion(serviceFabric(), 'Cluster', 'hub', '2016-03-01');
    const r = rows(plan?.hops[0]?.types ?? [], 'ClusterProperties');
    expect(r.find((x) => x[0] === 'nodeTypes')?.[4]).toBe('read-bag');
    expect(r.find((x) => x[0] === 'httpApplicationGatewayCertificate')?.[4]).toBe('read-bag');
    expect(r.find((x) => x[0] === 'clusterCodeVersion')?.[4]).toBe('drop');
    expect(plan?.hops[0]?.direction).toBe('down');
  });

  it('pairs configured renames and covers every hop of a chained path', () => {
    const { plan } = planConversion(chained(), 'Widget', 'v1', 'hub', { strategy: 'chained' });
    expect(plan?.path).toEqual(['v1', 'v1storage', 'v2storage', 'v3storage']);
    const spec = plan?.hops[1]?.types.find((t) => t.sourceType === 'WidgetSpec');
    expect(spec?.steps.find((s) => s.source === 'oldName')).toMatchObject({
      destination: 'newName',
      change: 'renamed',
      handler: 'rename',
    });
    expect(spec?.steps.find((s) => s.source === 'legacy')).toMatchObject({ handler: 'property-bag', bagKey: 'Legacy' });
    expect(spec?.steps.find((s) => s.destination === 'colour')).toMatchObject({
      change: 'enum-changed',
      handler: 'copy',
    });
  });

  it('restricts to one type with --type and marks hooked type plans', () => {
    const hooks = hookRegistry([
      {
        kind: 'Cluster',
        from: '2016-03-01',
        to: '2016-09-01storage',
        type: 'ClusterProperties',
        hook: { afterToHub() {}, afterFromHub() {} },
      },
    ]);
    const { plan, issues } = planConversion(serviceFabric(), 'Cluster', '2016-03-01', 'hub', {
      type: 'ClusterProperties',
      hooks,
    });
    expect(plan?.hops[0]?.types[0]).toMatchObject({ sourceType: 'ClusterProperties', hook: true });
    expect(issues.filter((i) => i.code === 'NEEDS_HANDWRITTEN_CONVERSION')).toEqual([]);
  });

  it('reports unknown kinds and versions as issues', () => {
    expect(planConversion(personV1V2(), 'Nope', 'v1', 'hub').issues[0]?.code).toBe('UNKNOWN_KIND');
    expect(planConversion(personV1V2(), 'Person', 'v9', 'hub').issues[0]?.code).toBe('UNKNOWN_VERSION');
  });

  it('is deterministic and serialisable', () => {
    const a = planConversion(chained(), 'Widget', 'v1', 'v3').plan;
    const b = planConversion(chained(), 'Widget', 'v1', 'v3').plan;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('displays types like seed 001', () => {
    expect(displayType({ kind: 'enum', base: 'string', values: [], name: 'Level' }, false)).toBe('*Level');
    expect(displayType({ kind: 'array', items: { kind: 'object', name: 'NodeTypes' } }, true)).toBe('[]NodeTypes');
    expect(displayType({ kind: 'map', values: { kind: 'primitive', name: 'string' } }, true)).toBe('map[string]string');
  });
});
