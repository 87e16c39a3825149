// The worker's explore over a corpus CRD whose own storage version is not the default hub: the user can
// pick either (CONVERSION.md section 2), and everything the page shows follows the pick.
import { expect, it } from 'vitest';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from './engine.ts';
import { lineAt } from './packLines.ts';
import type { ExploreRequest, PaneView } from './types.ts';

// (Vite's glob import: the UI's tests, like the UI, do not touch node:fs.)
const files = import.meta.glob<string>(
  [
    '@corpus/open-cluster-management/crds/api-v1.3.0/addon/*clustermanagementaddons*.yaml',
    '@corpus/open-cluster-management/samples/addon-framework/addon/kubernetes-dashboard/resources/cluster_management_addon.yaml',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const text = (part: string) => Object.entries(files).find(([p]) => p.includes(part))?.[1] ?? '';
const sample = text('cluster_management_addon.yaml');
const crd = { name: 'clustermanagementaddons.crd.yaml', text: text('crd.yaml') };
if (crd.text !== '') setCatalog('ocm', JSON.parse(serializeCatalog(importFiles([crd]).catalog)) as unknown);

const apiVersionLine = (p: PaneView | undefined) => (p ? lineAt(p.lines, 0).value : undefined);

describeCorpus('explore: picking the hub', () => {
  // hubs are the ASO design's: As deployed (OCM's default view) has none
  const req: ExploreRequest = { catalogKey: 'ocm', input: sample, document: 0, roundTrip: true, storage: 'aso' };

  it('offers the default hub and the CRD storage version', () => {
    expect(sample).toContain('kind: ClusterManagementAddOn');
    const r = explore(req);
    expect(r.blocking).toEqual([]);
    expect(r.kind?.hub).toBe('v1beta1storage');
    expect(r.kind?.hubChoices).toEqual([
      { hub: 'v1beta1storage', reason: 'newest' },
      { hub: 'v1alpha1storage', reason: 'crd-storage' },
    ]);
    expect(r.hub?.version).toBe('v1beta1storage');
  });

  it('converts through the picked hub: panes, plan, graphs and the round trip follow it', () => {
    const r = explore({ ...req, hub: 'v1alpha1', targetVersion: 'v1beta1' });
    expect(r.kind?.hub).toBe('v1alpha1storage');
    expect(r.kind?.hubReason).toBe('config');
    // The choices stay those of the kind as loaded, so the user can switch back.
    expect(r.kind?.hubChoices?.map((c) => c.hub)).toEqual(['v1beta1storage', 'v1alpha1storage']);
    expect(r.hub?.version).toBe('v1alpha1storage');
    expect(apiVersionLine(r.hub)).toContain('addon.open-cluster-management.io/v1alpha1storage');
    expect(r.target?.version).toBe('v1beta1');
    expect(r.plan?.path).toEqual(['v1alpha1', 'v1alpha1storage', 'v1beta1']);
    expect(r.kind?.graphs.direct?.edges.every((e) => e.to === 'v1alpha1storage')).toBe(true);
    expect(r.roundTrip?.lossless).toBe(true);
    // Back to the default: the cached plan of the other hub is not reused.
    const back = explore({ ...req, targetVersion: 'v1beta1' });
    expect(back.plan?.path).toEqual(['v1alpha1', 'v1beta1storage', 'v1beta1']);
  });

  it('ignores a hub the kind does not have', () => {
    const r = explore({ ...req, hub: 'v9' });
    expect(r.kind?.hub).toBe('v1beta1storage');
    expect(r.blocking).toEqual([]);
  });
});

describeCorpus('explore: several documents', () => {
  const secret = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  a: b\n';
  const input = `${secret}---\n${sample}`;

  it('shows the first document the catalog has, and marks the others', () => {
    const r = explore({ catalogKey: 'ocm', input, document: 0 });
    expect(r.documents.map((d) => d.known)).toEqual([false, undefined]);
    expect(r.document).toBe(1);
    expect(r.blocking).toEqual([]);
    expect(r.deployed?.from).toBe('v1alpha1');
    expect(r.hub).toBeUndefined(); // As deployed computes no hub
  });

  it('shows the unknown kind when no document is in the catalog', () => {
    const r = explore({ catalogKey: 'ocm', input: `${secret}---\n${secret}`, document: 1 });
    expect(r.document).toBe(1);
    expect(r.blocking.map((i) => i.code)).toContain('UNKNOWN_KIND');
  });
});
