// End to end on an ASO-style CRD (testdata/aso-managedidentity-crd.yaml): import keeps the imported storage
// variants, the hub is the `storage: true` one, the chained graph links the preview backwards, conversions
// keep or report exactly the newer-only fields, and hub documents validate against ASO's own storage schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Kind } from '../core/index.ts';
import { conversionPath, convertResource, planConversion, roundTrip, versionChanges } from '../core/index.ts';
import { importFiles } from './importFiles.ts';

const text = readFileSync(path.join(import.meta.dirname, 'testdata', 'aso-managedidentity-crd.yaml'), 'utf8');
const { catalog, issues } = importFiles([{ name: 'aso-managedidentity-crd.yaml', text }]);
const kind = catalog.kinds[0] as Kind;
const G = 'managedidentity.azure.com';
const crd = parse(text) as { spec: { versions: { name: string; schema: { openAPIV3Schema: object } }[] } };
const crdSchema = (version: string): object =>
  crd.spec.versions.find((v) => v.name === version)?.schema.openAPIV3Schema as object;

const older = {
  apiVersion: `${G}/v1api20181130`,
  kind: 'UserAssignedIdentity',
  metadata: { name: 'sample-identity', namespace: 'default', annotations: { a: 'b' } },
  spec: { azureName: 'my-identity', location: 'westcentralus', owner: { name: 'rg' }, tags: { env: 'test' } },
  status: {
    conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2023-01-01T00:00:00Z' }],
    id: '/subscriptions/x/id',
    principalId: '1111',
  },
};
const newer = {
  apiVersion: `${G}/v1api20230131`,
  kind: 'UserAssignedIdentity',
  metadata: { name: 'sample-identity' },
  spec: {
    location: 'westcentralus',
    owner: { name: 'rg' },
    operatorSpec: { secrets: { clientId: { name: 'identity-settings', key: 'clientId' } } },
  },
  status: { id: '/subscriptions/x/id', systemData: { createdAt: '2023-01-01T00:00:00Z', createdByType: 'User' } },
};

describe('ASO-style CRD (managedidentity UserAssignedIdentity)', () => {
  it('imports as ASO: imported storage variants kept, hub = the storage: true version, chained by default', () => {
    expect(issues).toEqual([]);
    expect(kind.versions.map((v) => `${v.name}:${v.role}:${v.derived === false ? 'imported' : 'derived'}`)).toEqual([
      'v1api20181130:api:derived',
      'v1api20181130storage:storage:imported',
      'v1api20220131preview:api:derived',
      'v1api20220131previewstorage:storage:imported',
      'v1api20230131:api:derived',
      'v1api20230131storage:storage:imported',
    ]);
    expect([kind.aso, kind.hub, kind.hubReason, kind.strategy]).toEqual([
      true,
      'v1api20230131storage',
      'aso-storage',
      'chained',
    ]);
    // the preview links backwards to the storage version before it
    expect(conversionPath(kind, 'v1api20220131preview', kind.hub)).toEqual([
      'v1api20220131preview',
      'v1api20220131previewstorage',
      'v1api20181130storage',
      'v1api20230131storage',
    ]);
    for (const v of kind.versions) expect(planConversion(catalog, kind.kind, v.name, 'hub').plan).toBeDefined();
  });

  it('spoke -> hub -> same spoke is lossless for the older and the newer API version', () => {
    for (const doc of [older, newer]) {
      const r = roundTrip(catalog, doc);
      expect(r.differences).toEqual([]);
      expect(r.issues).toEqual([]);
    }
  });

  it('hub -> older API version reports exactly the newer-only fields as LOST', () => {
    const hub = convertResource(catalog, newer, 'hub').output;
    const down = convertResource(catalog, hub, 'v1api20181130');
    expect(down.issues.map((i) => `${i.code}:${i.path.join('.')}`)).toEqual([
      'LOST:spec.operatorSpec',
      'LOST:status.systemData',
    ]);
  });

  it('hub -> older storage -> hub is lossless; the newer-only fields and unknown bag keys ride in the bag', () => {
    const hub = convertResource(catalog, newer, 'hub').output as Record<string, Record<string, unknown>>;
    (hub.spec as Record<string, unknown>).$propertyBag = { FromTheFuture: 'x' };
    const old = convertResource(catalog, hub, 'v1api20181130storage');
    expect(old.issues).toEqual([]);
    const o = old.output as { spec: Record<string, unknown>; status: Record<string, unknown> };
    expect(Object.keys(o.spec.$propertyBag as object)).toEqual(['FromTheFuture', 'OperatorSpec']);
    expect(Object.keys(o.status.$propertyBag as object)).toEqual(['SystemData']);
    expect(o.spec.originalVersion).toBe('v1api20230131'); // copied storage <-> storage
    const back = convertResource(catalog, o, 'hub');
    expect(back.issues).toEqual([]);
    expect(back.output).toEqual(hub);
  });

  it('hub documents validate against the imported ASO storage schema', () => {
    const ajv = new Ajv({ strict: false });
    for (const doc of [older, newer]) {
      const hub = convertResource(catalog, doc, 'hub').output;
      expect(ajv.validate(crdSchema('v1api20230131storage'), hub), JSON.stringify(ajv.errors)).toBe(true);
      const old = convertResource(catalog, hub, 'v1api20181130storage').output;
      expect(ajv.validate(crdSchema('v1api20181130storage'), old), JSON.stringify(ajv.errors)).toBe(true);
    }
  });

  it('plans an imported storage column with its own declarations (optional location, required owner)', () => {
    const plan = planConversion(catalog, kind.kind, 'v1api20230131', 'hub').plan;
    const spec = plan?.hops[0]?.types.find((t) => t.sourceType === 'UserAssignedIdentitySpec');
    const row = (n: string) => spec?.steps.find((s) => s.destination === n);
    expect([row('location')?.destinationType, row('owner')?.destinationType]).toEqual([
      '*string',
      'UserAssignedIdentitySpecOwner',
    ]);
  });

  it('hybrid v1api20230131 / v20230131 versions order and chain without crashing', () => {
    const hybrid = text.replaceAll('v1api20220131preview', 'v20230131');
    const r = importFiles([{ name: 'hybrid.yaml', text: hybrid }]);
    const k = r.catalog.kinds[0] as Kind;
    expect(k.versions.map((v) => v.name)).toEqual([
      'v1api20181130',
      'v1api20181130storage',
      'v1api20230131',
      'v1api20230131storage',
      'v20230131',
      'v20230131storage',
    ]);
    expect(k.hub).toBe('v1api20230131storage');
    for (const v of k.versions) for (const w of k.versions) expect(conversionPath(k, v.name, w.name)).not.toEqual([]);
    const doc = { ...newer, apiVersion: `${G}/v20230131`, spec: { ...newer.spec, isolationScope: 'Regional' } };
    expect(roundTrip(r.catalog, doc).differences).toEqual([]);
    expect(versionChanges(r.catalog, k.kind, 'v1api20230131', 'v20230131').changes?.compatible).toBe(true);
  });
});
