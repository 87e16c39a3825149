// The as-deployed view of a ~1 MB resource, every fate recorded, against structuredClone of the same object in
// the same run (target <= 2x): (1) the convert benchmark's ServiceFabric Cluster (schema derived from its OpenAPI
// types) written at 2016-03-01 and read at 2016-09-01; (2) a Flux HelmRelease v2beta1 with 1,500 post-renderers
// (their strategic-merge patches dropped on write by v2, v2beta1's defaults applied) read at v2beta1.
import path from 'node:path';
import { findVersion, runDeployed, type Catalog, type Kind } from '../src/core/index.ts';
import { builtinCatalog, CORPUS, importDir } from '../src/core/testdata/loadCatalogs.ts';
import { bigCluster, timeBoth } from './support/measure.ts';

function bench(label: string, catalog: Catalog, kind: Kind, from: string, to: string, doc: Record<string, unknown>) {
  const V = findVersion(kind, from)!;
  const T = findVersion(kind, to)!;
  // The page validates the input once beside the pipeline (validate: false here, as the worker runs it); the CLI
  // lets the pipeline validate the write as the API server does: both figures.
  const once = () => runDeployed(catalog, kind, V, doc, T, { validate: false });
  const validated = () => runDeployed(catalog, kind, V, doc, T);
  const r = once();
  const counts = new Map<string, number>();
  for (const f of r.fates) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  const [ms, clone] = timeBoth(once, () => structuredClone(doc), 20);
  const [vms, vclone] = timeBoth(validated, () => structuredClone(doc), 10);
  console.log(
    `${label}: ${(JSON.stringify(doc).length / 1024 / 1024).toFixed(2)} MB JSON, ${from} -> stored ${r.storage} -> ${to}`,
  );
  console.log(`  fates: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(
    `  deployed view (every fate): ${ms.toFixed(2)} ms; structuredClone: ${clone.toFixed(2)} ms; ratio ${(ms / clone).toFixed(2)}x (target <= 2x)`,
  );
  console.log(
    `  with the write validated (CLI): ${vms.toFixed(2)} ms; structuredClone: ${vclone.toFixed(2)} ms; ratio ${(vms / vclone).toFixed(2)}x`,
  );
}

// ---- (1) the convert benchmark's ServiceFabric Cluster
const sf = builtinCatalog('servicefabric');
const cluster = bigCluster();
bench('ServiceFabric Cluster', sf, sf.kinds[0]!, '2016-03-01', '2016-09-01', cluster);

// ---- (2) a Flux HelmRelease whose write drops data
const flux = importDir(path.join(CORPUS, 'fluxcd-helm-controller/crds'), 'flux').catalog;
const release = {
  apiVersion: 'helm.toolkit.fluxcd.io/v2beta1',
  kind: 'HelmRelease',
  metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' }, bogus: true },
  spec: {
    interval: '5m',
    chart: { spec: { chart: 'podinfo', sourceRef: { kind: 'HelmRepository', name: 'podinfo' } } },
    values: { replicaCount: 2, nested: { a: [1, 2, 3] } },
    postRenderers: Array.from({ length: 1500 }, (_, i) => ({
      kustomize: {
        patchesStrategicMerge: [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `d${i}` } }],
        patches: Array.from({ length: 3 }, (_, j) => ({
          patch: `- op: add\n  path: /metadata/labels/l${j}\n  value: v${i}`,
          target: { kind: 'Deployment', name: `d${i}`, labelSelector: `app=a${j}`, unknownKey: j },
        })),
        images: [{ name: `img${i}`, newName: `registry.invalid/img${i}`, newTag: 'v1.2.3' }],
      },
    })),
  },
};
bench('Flux HelmRelease', flux, flux.kinds[0]!, 'v2beta1', 'v2beta1', release);
