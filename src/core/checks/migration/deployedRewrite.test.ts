import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../importers/index.ts';
import { formatPath } from '../../model/issue.ts';
import type { Catalog, Kind } from '../../model/model.ts';
import { parseResources } from '../../text/parseResources.ts';
import { deployedRewrite } from './deployedRewrite.ts';
import { planMigration, pruneRewrite } from './planMigration.ts';

// v1beta1 is stored; v1 adds a defaulted field and drops `param`. The migrator writes each object back at the
// version it was read at and the server stores it at v1: pruned, nulls dropped, v1beta1's defaults applied.
const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: widgets.example.com }
spec:
  group: example.com
  scope: Namespaced
  names: { kind: Widget, plural: widgets }
  versions:
    - name: v1beta1
      served: true
      storage: true
      schema:
        openAPIV3Schema: { type: object, properties: { spec: { type: object, properties: {
          param: { type: string }, size: { type: string, default: small }, note: { type: string } } } } }
    - name: v1
      served: true
      storage: false
      schema:
        openAPIV3Schema: { type: object, properties: { spec: { type: object, properties: {
          size: { type: string, default: large }, note: { type: string } } } } }
status: { storedVersions: [v1beta1] }
`;
const OBJECTS = `apiVersion: example.com/v1beta1
kind: Widget
metadata: { name: a, namespace: ns }
spec: { param: fast, note: null }
`;

function load(): { catalog: Catalog; kind: Kind } {
  const catalog = importFiles([{ name: 'crd.yaml', text: CRD }]).catalog;
  return { catalog, kind: catalog.kinds[0] as Kind };
}

describe('deployedRewrite (the migrator through the API server pipeline)', () => {
  it('stores the object at the new version as the server would: pruned, nulls dropped, defaulted at write', () => {
    const { catalog, kind } = load();
    const docs = parseResources(OBJECTS, 'objects.yaml').documents;
    const { plan } = planMigration(kind, 'v1', { objects: docs, rewrite: deployedRewrite(catalog, kind) });
    const o = plan?.objects[0];
    expect(o?.dropped.map(formatPath)).toEqual(['spec.param']);
    // v1beta1's default (the version written at), not v1's; the non-nullable null is removed, not stored
    expect(o?.document).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'a', namespace: 'ns' },
      spec: { size: 'small' },
    });
  });

  it('differs from the schema-only rewrite exactly where the pipeline defaults and removes nulls', () => {
    const { catalog, kind } = load();
    const doc = parseResources(OBJECTS, 'objects.yaml').documents[0]?.value as Record<string, unknown>;
    const plain = pruneRewrite(kind)(doc, 'v1beta1', 'v1');
    const real = deployedRewrite(catalog, kind)(doc, 'v1beta1', 'v1');
    expect(plain.dropped.map(formatPath)).toEqual(real.dropped.map(formatPath));
    expect((plain.doc as { spec: unknown }).spec).toEqual({ note: null });
    expect((real.doc as { spec: unknown }).spec).toEqual({ size: 'small' });
  });
});
