// Tiny hand-built catalogs for the conversion tests (independent of the importers).
import type { Catalog, CatalogConfig, Kind, ObjectType, Property, TypeRef, Version } from '../model/model.ts';
import { CATALOG_FORMAT_VERSION, EMPTY_CONFIG } from '../model/model.ts';
import { buildKind } from '../versions/buildKind.ts';
import { deriveStorageVariant } from '../versions/storageVariant.ts';
import { setKey } from '../model/dataKeys.ts';
import type { ConversionHook, HookRegistration } from '../plan/hooks.ts';

export const S: TypeRef = { kind: 'primitive', name: 'string' };
export const I: TypeRef = { kind: 'primitive', name: 'integer' };
export const B: TypeRef = { kind: 'primitive', name: 'boolean' };
export const obj = (name: string): TypeRef => ({ kind: 'object', name });
export const arr = (items: TypeRef): TypeRef => ({ kind: 'array', items });
export const map = (values: TypeRef): TypeRef => ({ kind: 'map', values });
export const enm = (values: string[], name?: string): TypeRef => ({
  kind: 'enum',
  base: 'string',
  values,
  ...(name ? { name } : {}),
});
export const OPAQUE: TypeRef = { kind: 'opaque', reason: 'preserve-unknown-fields' };

const pascal = (n: string): string => n.charAt(0).toUpperCase() + n.slice(1);

/** `name` optional, `name!` required. */
export function props(spec: Record<string, TypeRef>): Property[] {
  return Object.entries(spec)
    .map(([k, type]) => {
      const required = k.endsWith('!');
      const name = required ? k.slice(0, -1) : k;
      return { name, bagKey: pascal(name), type, required };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function type(name: string, spec: Record<string, TypeRef>, extra: Partial<ObjectType> = {}): ObjectType {
  return { name, named: true, properties: props(spec), hasPropertyBag: false, ...extra };
}

/** An API version with a root `<kind>` holding apiVersion/kind/metadata/spec(/status). */
export function apiVersion(
  name: string,
  kindName: string,
  specType: string,
  types: ObjectType[],
  statusType?: string,
): Version {
  const root = type(kindName, {
    apiVersion: S,
    kind: S,
    metadata: { kind: 'opaque', reason: 'embedded-resource' },
    spec: obj(specType),
    ...(statusType ? { status: obj(statusType) } : {}),
  });
  const all: Record<string, ObjectType> = {};
  for (const t of [root, ...types].sort((a, b) => (a.name < b.name ? -1 : 1))) setKey(all, t.name, t);
  return {
    name,
    role: 'api',
    twin: `${name}storage`,
    served: true,
    crdStorage: false,
    deprecated: false,
    root: kindName,
    spec: 'spec',
    ...(statusType ? { status: 'status' } : {}),
    types: all,
  };
}

export function makeKind(
  group: string,
  kindName: string,
  apis: Version[],
  config: CatalogConfig = EMPTY_CONFIG,
  aso = false,
): Kind {
  const versions = apis.flatMap((v) => [v, deriveStorageVariant(v)]);
  const r = buildKind({ group, kind: kindName, versions, aso }, config);
  if (!r.kind) throw new Error(JSON.stringify(r.issues));
  return r.kind;
}

export function makeCatalog(id: string, kinds: Kind[], config: Partial<CatalogConfig> = {}): Catalog {
  return {
    formatVersion: CATALOG_FORMAT_VERSION,
    id,
    title: id,
    kinds,
    config: { ...EMPTY_CONFIG, ...config },
    sources: [],
  };
}

// ---- ServiceFabric ClusterProperties, seed 001
const sfCommon = [
  type('AzureActiveDirectory', { clientApplication: S, clusterApplication: S, tenantId: S }),
  type('CertificateDescription', {
    thumbprint: S,
    thumbprintSecondary: S,
    x509StoreName: enm(['My', 'Root'], 'X509StoreName'),
  }),
  type('ClientCertificateCommonName', { certificateCommonName: S, certificateIssuerThumbprint: S, isAdmin: B }),
  type('ClientCertificateThumbprint', { certificateThumbprint: S, isAdmin: B }),
  type('DiagnosticsStorageAccountConfig', { blobEndpoint: S, storageAccountName: S }),
  type('SettingParameter', { name: S, value: S }),
  type('SettingsSectionDescription', { name: S, parameters: arr(obj('SettingParameter')) }),
];
// ClusterProperties' fields both versions declare alike.
const sfClusterProperties = {
  azureActiveDirectory: obj('AzureActiveDirectory'),
  certificate: obj('CertificateDescription'),
  clientCertificateCommonNames: arr(obj('ClientCertificateCommonName')),
  clientCertificateThumbprints: arr(obj('ClientCertificateThumbprint')),
  diagnosticsStorageAccountConfig: obj('DiagnosticsStorageAccountConfig'),
  fabricSettings: arr(obj('SettingsSectionDescription')),
  'managementEndpoint!': S,
  vmImage: S,
};
export function serviceFabric(): Catalog {
  const v1 = apiVersion('2016-03-01', 'Cluster', 'ClusterProperties', [
    ...sfCommon,
    type('NodeTypes', { name: S, vmInstanceCount: I, isPrimary: B }),
    type('PaasClusterUpgradePolicy', { overrideUserUpgradePolicy: B, upgradeReplicaSetCheckTimeout: S }),
    type('ClusterProperties', {
      ...sfClusterProperties,
      httpApplicationGatewayCertificate: obj('CertificateDescription'),
      'nodeTypes!': arr(obj('NodeTypes')),
      reliabilityLevel: enm(['Bronze', 'Silver', 'Gold'], 'Level'),
      upgradeDescription: obj('PaasClusterUpgradePolicy'),
    }),
  ]);
  const v2 = apiVersion('2016-09-01', 'Cluster', 'ClusterProperties', [
    ...sfCommon,
    type('NodeTypeDescription', { name: S, vmInstanceCount: I, isPrimary: B, durabilityLevel: S }),
    type('ClusterUpgradePolicy', { forceRestart: B, upgradeReplicaSetCheckTimeout: S }),
    type('ClusterProperties', {
      ...sfClusterProperties,
      clusterCodeVersion: S,
      'nodeTypes!': arr(obj('NodeTypeDescription')),
      reliabilityLevel: enm(['None', 'Bronze', 'Silver', 'Gold', 'Platinum'], 'ClusterPropertiesReliabilityLevel'),
      reverseProxyCertificate: obj('CertificateDescription'),
      upgradeDescription: obj('ClusterUpgradePolicy'),
      upgradeMode: enm(['Automatic', 'Manual'], 'ClusterPropertiesUpgradeMode'),
    }),
  ]);
  return makeCatalog('servicefabric', [makeKind('servicefabric.azure.com', 'Cluster', [v1, v2])]);
}

// ---- Person v1/v2, seed 004: v2 requires postalAddress and residentialAddress
export function personV1V2(): Catalog {
  const address = type('Address', { 'street!': S, 'city!': S });
  const v1 = apiVersion('v1', 'Person', 'PersonSpec', [type('PersonSpec', { 'name!': S, nickname: S })]);
  const v2 = apiVersion('v2', 'Person', 'PersonSpec', [
    address,
    type('PersonSpec', { 'name!': S, 'postalAddress!': obj('Address'), 'residentialAddress!': obj('Address') }),
  ]);
  return makeCatalog('person-v1v2', [makeKind('example.com', 'Person', [v1, v2])]);
}

// ---- A 3-version chained kind: a field (`legacy`) that exists in v1 only; `extra` new in v3; a rename.
export function chained(): Catalog {
  const mk = (name: string, spec: Record<string, TypeRef>, status?: Record<string, TypeRef>): Version =>
    apiVersion(
      name,
      'Widget',
      'WidgetSpec',
      [type('WidgetSpec', spec), type('Part', { id: S, size: I }), ...(status ? [type('WidgetStatus', status)] : [])],
      status ? 'WidgetStatus' : undefined,
    );
  const v1 = mk(
    'v1',
    { colour: enm(['Red', 'Green']), legacy: S, oldName: S, parts: arr(obj('Part')), labels: map(S) },
    { ready: B },
  );
  const v2 = mk(
    'v2',
    { colour: enm(['Red', 'Green', 'Blue']), newName: S, parts: arr(obj('Part')), labels: map(S) },
    { ready: B },
  );
  const v3 = mk(
    'v3',
    {
      colour: enm(['Red', 'Green', 'Blue']),
      newName: S,
      parts: arr(obj('Part')),
      labels: map(S),
      extra: obj('Part'),
      blob: OPAQUE,
    },
    { ready: B, message: S },
  );
  const config = { ...EMPTY_CONFIG, renames: [{ type: 'WidgetSpec', from: 'OldName', to: 'NewName' }] };
  return makeCatalog(
    'chained',
    [makeKind('example.com', 'Widget', [v1, v2, v3], { ...config, strategy: 'chained' })],
    config,
  );
}

/** A hook on `chained()`'s v2storage -> v3storage edge for one type; only its toward-the-hub half acts. */
export const chainedUpHook = (type: string, afterToHub: ConversionHook['afterToHub']): HookRegistration => ({
  kind: 'Widget',
  from: 'v2storage',
  to: 'v3storage',
  type,
  hook: { afterToHub, afterFromHub() {} },
});

/** A v1 Widget of `chained()` with a v1-only field, a renamed one and a list. */
export const chainedWidgetV1 = () => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: {},
  spec: { legacy: 'L', oldName: 'o', parts: [{ id: 'a' }] },
});

// ---- A property that skips a version and returns with another shape (aso-reference §11): `thing` is a
// Thing{a} in v1, absent in v2, a Thing{b} in v3. Plus a `conversion: manual` property `secret` in v2/v3.
export function gap(): Catalog {
  const v1 = apiVersion('v1', 'Gadget', 'GadgetSpec', [
    type('GadgetSpec', { name: S, thing: obj('Thing') }),
    type('Thing', { a: S }),
  ]);
  const v2 = apiVersion('v2', 'Gadget', 'GadgetSpec', [type('GadgetSpec', { name: S, secret: S })]);
  const v3 = apiVersion('v3', 'Gadget', 'GadgetSpec', [
    type('GadgetSpec', { name: S, secret: S, thing: obj('Thing') }),
    type('Thing', { b: I }),
  ]);
  const config = {
    ...EMPTY_CONFIG,
    manual: [{ type: 'GadgetSpec', property: 'secret' }],
    strategy: 'chained' as const,
  };
  return makeCatalog('gap', [makeKind('example.com', 'Gadget', [v1, v2, v3], config)], config);
}
