// Validation benchmark (src/core/validate). (1) Every sample of ../shared/corpus validated at its own version,
// cold (CEL programs compiled on first use) and warm. (2) A ~1 MB Cluster API KubeadmControlPlane v1beta2 (200
// files of 5 kB, 100 extraArgs under an O(n²) CEL uniqueness rule in each of four components) against
// structuredClone of it.
import { validateDocument, type Catalog } from '../src/core/index.ts';
import { corpusUnits, importDir } from '../src/core/testdata/loadCatalogs.ts';
import { catalogForSample, samplesOf, type SampleDoc } from '../src/core/testdata/corpusSampleDocs.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const units = corpusUnits().map((u) => ({ ...u, catalog: importDir(u.dir, u.id.replace('/', '-')).catalog }));
if (units.length === 0) {
  console.log('corpus not found (../shared/corpus): skipped');
  process.exit(0);
}

// ---- (1) every corpus sample
const work: { doc: SampleDoc; catalog: Catalog }[] = [];
for (const family of [...new Set(units.map((u) => u.family))])
  for (const doc of samplesOf(family)) {
    const catalog = catalogForSample(units, family, doc.file, doc.doc);
    if (catalog) work.push({ doc, catalog });
  }
const bytes = work.reduce((n, w) => n + JSON.stringify(w.doc.doc).length, 0);
const validateAll = () => {
  let errors = 0;
  for (const w of work)
    errors += validateDocument(w.catalog, w.doc.doc).issues.filter((i) => i.severity === 'error').length;
  return errors;
};
let t0 = performance.now();
validateAll();
const cold = performance.now() - t0;
const warm: number[] = [];
for (let i = 0; i < 7; i++) {
  t0 = performance.now();
  validateAll();
  warm.push(performance.now() - t0);
}
console.log(
  `corpus: ${work.length} sample documents (${(bytes / 1024).toFixed(0)} kB JSON) in ${units.length} catalogs`,
);
console.log(
  `validate all: cold ${cold.toFixed(0)} ms (CEL compiled on first use), warm ${median(warm).toFixed(0)} ms ` +
    `(${((median(warm) / work.length) * 1000).toFixed(0)} µs per document)`,
);

// ---- (2) a ~1 MB KubeadmControlPlane
const capi = units.find((u) => u.family === 'cluster-api')?.catalog;
if (!capi) process.exit(0);
const args = Array.from({ length: 100 }, (_, i) => ({ name: `flag-${i}`, value: `value-${i}` }));
const big = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmControlPlane',
  metadata: { name: 'big', namespace: 'default' },
  spec: {
    version: 'v1.33.0',
    machineTemplate: {
      spec: {
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'cp' },
      },
    },
    kubeadmConfigSpec: {
      clusterConfiguration: {
        apiServer: { extraArgs: args },
        controllerManager: { extraArgs: args },
        scheduler: { extraArgs: args },
        etcd: { local: { extraArgs: args } },
      },
      files: Array.from({ length: 200 }, (_, i) => ({
        path: `/etc/big/file-${i}.conf`,
        owner: 'root:root',
        permissions: '0644',
        content: `# file ${i}\n${'key=value '.repeat(500)}`,
      })),
    },
  },
};
const size = JSON.stringify(big).length;
const first = validateDocument(capi, big).issues.filter((i) => i.severity === 'error');
if (first.length > 0) throw new Error(`bench document is not valid: ${JSON.stringify(first.slice(0, 3))}`);
const tv: number[] = [];
const tc: number[] = [];
for (let i = 0; i < 15; i++) {
  t0 = performance.now();
  validateDocument(capi, big);
  tv.push(performance.now() - t0);
  t0 = performance.now();
  structuredClone(big);
  tc.push(performance.now() - t0);
}
console.log(`resource: ${(size / 1024 / 1024).toFixed(2)} MB JSON (KubeadmControlPlane v1beta2, 4 x 100 extraArgs)`);
console.log(
  `validate: ${median(tv).toFixed(1)} ms; structuredClone: ${median(tc).toFixed(1)} ms; ratio ${(median(tv) / median(tc)).toFixed(1)}x`,
);

// ---- (3) the static check of every corpus CRD (compile, type-check, estimate cost: crd-check / checkCrdCel)
const { checkCrdCel } = await import('../src/core/index.ts');
const { readFileSync } = await import('node:fs');
const { loadYamlValues } = await import('../src/core/text/fastParse.ts');
const { CORPUS, walk } = await import('../src/core/testdata/loadCatalogs.ts');
const crds = walk(CORPUS)
  .filter((f) => /\/crds\/.*\.ya?ml$/.test(f))
  .flatMap((f) => loadYamlValues(readFileSync(f, 'utf8')))
  .filter((d) => (d as { kind?: unknown } | null)?.kind === 'CustomResourceDefinition');
let ruleCount = 0;
t0 = performance.now();
for (const d of crds) ruleCount += checkCrdCel(d).rules.length;
const checkCold = performance.now() - t0;
const tcheck: number[] = [];
for (let i = 0; i < 5; i++) {
  t0 = performance.now();
  for (const d of crds) checkCrdCel(d);
  tcheck.push(performance.now() - t0);
}
console.log(
  `crd-check: ${crds.length} corpus CRDs, ${ruleCount} rules: cold ${checkCold.toFixed(0)} ms (rules parsed on first use), ` +
    `warm ${median(tcheck).toFixed(0)} ms (${(median(tcheck) / crds.length).toFixed(1)} ms per CRD)`,
);
